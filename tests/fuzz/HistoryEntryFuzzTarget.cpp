#include "HistoryEntryFuzzTarget.h"

#include "ui/history/HistoryStore.h"

namespace framesmith::fuzz {

void runHistoryEntryInput(const std::uint8_t* data, std::size_t size)
{
    HistoryEntry entry;
    QString problem;
    const QByteArray bytes(reinterpret_cast<const char*>(data), static_cast<int>(size));
    if (HistoryStore::fromJson(bytes, entry, &problem)) {
        // An accepted entry writes back to JSON that reads as the same request.
        HistoryEntry again;
        if (!HistoryStore::fromJson(HistoryStore::toJson(entry), again, &problem) ||
            toJson(again.request) != toJson(entry.request))
            __builtin_trap();
    } else if (problem.isEmpty()) {
        __builtin_trap(); // refused without saying why
    }
}

} // namespace framesmith::fuzz
