// `framesmith-cli tokenize --model DIR TEXT...`: the T5 token ids of each text as JSON, with the
// counts a UI needs to warn before a prompt is silently truncated.
#include "cli/CliCommand.h"

#include "framesmith/Error.h"
#include "text/T5Tokenizer.h"
#include "text/TextComponentFolders.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace framesmith::cli {

static int runTokenize(const std::vector<std::string>& argv)
{
    CliArgs args(argv, {"--pieces"});
    args.rejectUnknown({"--model", "--max-length", "--pieces"});
    if (args.positionals().empty())
        throw InvalidRequestError("TEXT", "give at least one text to tokenize");
    const auto tokenizer = T5Tokenizer::fromFolder(tokenizerFolderOf(args.require("--model")));
    const int maxLength = args.intValue("--max-length", tokenizer.modelMaxLength());
    nlohmann::json out = nlohmann::json::array();
    for (const auto& text : args.positionals()) {
        const TokenizedText tokens = tokenizer.encode(text, maxLength);
        nlohmann::json entry{{"text", text},
                             {"ids", tokens.ids},
                             {"tokenCount", tokens.tokenCount},
                             {"truncatedCount", tokens.truncatedCount}};
        if (args.has("--pieces"))
            entry["pieces"] = tokenizer.tokenize(text);
        out.push_back(std::move(entry));
    }
    std::cout << out.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) << "\n";
    return kExitOk;
}

FRAMESMITH_CLI_COMMAND("tokenize", "tokenize --model DIR [--max-length N] [--pieces] TEXT...",
                       "print the T5 token ids of each TEXT as JSON (ids, tokenCount, truncatedCount); "
                       "DIR is a model folder or its tokenizer folder",
                       runTokenize);

} // namespace framesmith::cli
