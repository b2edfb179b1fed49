#include "memory/placement/WeightLedger.h"

#include "framesmith/Error.h"

#include <algorithm>

namespace framesmith {

void WeightLedger::add(const std::string& device, std::int64_t bytes)
{
    std::int64_t& now = m_resident[device];
    now += bytes;
    m_peak[device] = std::max(m_peak[device], now);
}

void WeightLedger::remove(const std::string& device, std::int64_t bytes) { m_resident[device] -= bytes; }

const std::map<std::string, int>& WeightLedger::copiesOf(const std::string& module) const
{
    auto it = m_modules.find(module);
    if (it == m_modules.end())
        throw Error(ErrorCode::Internal, "weight ledger: module '" + module + "' was never loaded");
    return it->second.copies;
}

void WeightLedger::load(const std::string& module, const std::string& device, std::int64_t bytes)
{
    Entry& entry = m_modules[module];
    if (!entry.copies.empty())
        throw Error(ErrorCode::Internal, "weight ledger: module '" + module + "' loaded twice");
    entry.bytes = bytes;
    entry.copies[device] = 1;
    add(device, bytes);
}

void WeightLedger::move(const std::string& module, const std::string& device)
{
    copiesOf(module);
    Entry& entry = m_modules[module];
    if (entry.copies.size() == 1 && entry.copies.count(device))
        return;
    for (const auto& [from, count] : entry.copies) {
        if (from == device)
            continue;
        remove(from, entry.bytes * count);
        m_traffic[from].movesOut += count;
        m_traffic[from].bytesOut += entry.bytes * count;
        m_traffic[device].movesIn += count;
        m_traffic[device].bytesIn += entry.bytes * count;
    }
    int already = entry.copies.count(device) ? entry.copies[device] : 0;
    entry.copies.clear();
    entry.copies[device] = 1;
    if (already == 0)
        add(device, entry.bytes);
    else if (already > 1)
        remove(device, entry.bytes * (already - 1));
}

void WeightLedger::copy(const std::string& module, const std::string& device)
{
    copiesOf(module);
    Entry& entry = m_modules[module];
    entry.copies[device] += 1;
    add(device, entry.bytes);
    m_traffic[device].movesIn += 1;
    m_traffic[device].bytesIn += entry.bytes;
}

void WeightLedger::drop(const std::string& module, const std::string& device)
{
    copiesOf(module);
    Entry& entry = m_modules[module];
    auto it = entry.copies.find(device);
    if (it == entry.copies.end())
        throw Error(ErrorCode::Internal, "weight ledger: '" + module + "' has no copy on " + device);
    remove(device, entry.bytes);
    if (--it->second == 0)
        entry.copies.erase(it);
}

void WeightLedger::unload(const std::string& module)
{
    auto it = m_modules.find(module);
    if (it == m_modules.end())
        return;
    for (const auto& [device, count] : it->second.copies)
        remove(device, it->second.bytes * count);
    m_modules.erase(it);
}

bool WeightLedger::isLoaded(const std::string& module) const
{
    auto it = m_modules.find(module);
    return it != m_modules.end() && !it->second.copies.empty();
}

bool WeightLedger::isOn(const std::string& module, const std::string& device) const
{
    return isLoaded(module) && copiesOf(module).count(device) > 0;
}

std::int64_t WeightLedger::bytesOf(const std::string& module) const
{
    auto it = m_modules.find(module);
    return it == m_modules.end() ? 0 : it->second.bytes;
}

std::int64_t WeightLedger::residentBytes(const std::string& device) const
{
    auto it = m_resident.find(device);
    return it == m_resident.end() ? 0 : it->second;
}

std::int64_t WeightLedger::peakBytes(const std::string& device) const
{
    auto it = m_peak.find(device);
    return it == m_peak.end() ? 0 : it->second;
}

void WeightLedger::resetPeaks()
{
    for (auto& [device, peak] : m_peak)
        peak = residentBytes(device);
}

DeviceTraffic WeightLedger::traffic(const std::string& device) const
{
    auto it = m_traffic.find(device);
    return it == m_traffic.end() ? DeviceTraffic{} : it->second;
}

std::vector<std::string> WeightLedger::devices() const
{
    std::vector<std::string> out;
    for (const auto& [device, bytes] : m_peak)
        out.push_back(device);
    return out;
}

} // namespace framesmith
