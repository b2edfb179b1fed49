// PromptCache: embeddings come back bit for bit, in their dtype, from host RAM; the key tells
// models, dtypes, prompts and guidance apart (the negative prompt only matters with guidance);
// the least recently used entry goes first.
#include "engine/warm/PromptCache.h"
#include "support/TestRegistry.h"

#include <ATen/ATen.h>
#include <QtTest/QtTest>

namespace tst_PromptCache {

using namespace framesmith;

namespace {

EncodedPrompts prompts(double value)
{
    EncodedPrompts p;
    p.promptIds = at::arange(4, at::kLong).unsqueeze(0);
    p.promptEmbeds = at::full({1, 4, 8}, value, at::kBFloat16);
    p.negativePromptEmbeds = at::full({1, 4, 8}, -value, at::kBFloat16);
    p.truncatedTokens = 2;
    return p;
}

GenerationRequest request(const std::string& prompt, const std::string& negative, double guidance)
{
    GenerationRequest r;
    r.prompt = prompt;
    r.negativePrompt = negative;
    r.guidanceScale = guidance;
    return r;
}

} // namespace

class TestPromptCache : public QObject {
    Q_OBJECT

private Q_SLOTS:
    void returnsWhatWasStoredInItsDtype()
    {
        PromptCache cache;
        const auto key = PromptCache::keyFor("m|bf16", request("a fox", "blurry", 6.0));
        QVERIFY(!cache.find(key));
        cache.store(key, prompts(1.5));
        const EncodedPrompts* found = cache.find(key);
        QVERIFY(found);
        QCOMPARE(found->promptEmbeds.scalar_type(), at::kBFloat16);
        QVERIFY(found->promptEmbeds.device().is_cpu());
        QVERIFY(at::equal(found->promptEmbeds, prompts(1.5).promptEmbeds));
        QVERIFY(at::equal(found->negativePromptEmbeds, prompts(1.5).negativePromptEmbeds));
        QCOMPARE(found->truncatedTokens, 2);
    }

    void keyTellsRequestsApart()
    {
        const auto base = PromptCache::keyFor("m|bf16", request("a fox", "blurry", 6.0));
        QVERIFY(!(base == PromptCache::keyFor("m|fp32", request("a fox", "blurry", 6.0))));
        QVERIFY(!(base == PromptCache::keyFor("other|bf16", request("a fox", "blurry", 6.0))));
        QVERIFY(!(base == PromptCache::keyFor("m|bf16", request("a cat", "blurry", 6.0))));
        QVERIFY(!(base == PromptCache::keyFor("m|bf16", request("a fox", "dark", 6.0))));
        QVERIFY(!(base == PromptCache::keyFor("m|bf16", request("a fox", "blurry", 1.0))));
        QVERIFY(base == PromptCache::keyFor("m|bf16", request("a fox", "blurry", 9.0))); // any guidance > 1
        // Without guidance the negative prompt is never encoded: it does not split the cache.
        QVERIFY(PromptCache::keyFor("m", request("a fox", "x", 1.0)) == PromptCache::keyFor("m", request("a fox", "y", 1.0)));
    }

    void leastRecentlyUsedGoesFirst()
    {
        PromptCache cache(2);
        const auto a = PromptCache::keyFor("m", request("a", "", 6.0));
        const auto b = PromptCache::keyFor("m", request("b", "", 6.0));
        const auto c = PromptCache::keyFor("m", request("c", "", 6.0));
        cache.store(a, prompts(1));
        cache.store(b, prompts(2));
        QVERIFY(cache.find(a)); // a is now the most recent
        cache.store(c, prompts(3));
        QCOMPARE(cache.size(), std::size_t(2));
        QVERIFY(cache.find(a));
        QVERIFY(!cache.find(b));
        QVERIFY(cache.find(c));
        cache.clear();
        QCOMPARE(cache.size(), std::size_t(0));
    }
};

FRAMESMITH_TEST_GUILESS_MAIN(TestPromptCache)

} // namespace tst_PromptCache
#include "tst_PromptCache.moc"
