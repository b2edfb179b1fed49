#include "models/wan/sampling/WanUniPCScheduler.h"

#include "core/ConfigReader.h"
#include "framesmith/Error.h"
#include "models/wan/sampling/WanFlowSigmas.h"

#include <ATen/ATen.h>

#include <algorithm>

namespace framesmith {

namespace {

at::Tensor scalar(double value) { return at::scalar_tensor(value, at::TensorOptions().dtype(at::kFloat)); }

void requireValue(const nlohmann::json& config, const char* key, const nlohmann::json& wanted, const std::string& origin)
{
    auto it = config.find(key);
    if (it != config.end() && !it->is_null() && *it != wanted)
        throw FileError(ErrorCode::BadFile, origin, std::string("UniPC: ") + key + " " + it->dump() +
                                                        " is not supported here (Wan uses " + wanted.dump() + ")");
}

} // namespace

WanUniPCSettings WanUniPCSettings::fromConfig(const nlohmann::json& config, const std::string& origin)
{
    WanUniPCSettings s;
    const ConfigReader r(config, origin);
    r.integer("num_train_timesteps", s.numTrainTimesteps, 1, 100000);
    r.integer("solver_order", s.solverOrder, 1, 3);
    r.number("flow_shift", s.flowShift, 1e-3, 1e3);
    r.value("lower_order_final", s.lowerOrderFinal);
    r.value("disable_corrector", s.disableCorrector);
    std::string solverType = "bh2", finalSigmas = "zero";
    r.value("solver_type", solverType);
    r.value("final_sigmas_type", finalSigmas);
    // diffusers maps the DPM-Solver names onto bh2
    if (solverType == "midpoint" || solverType == "heun" || solverType == "logrho")
        solverType = "bh2";
    if (solverType != "bh1" && solverType != "bh2")
        throw FileError(ErrorCode::BadFile, origin, "UniPC: solver_type \"" + solverType + "\" is not bh1 or bh2");
    if (finalSigmas != "zero" && finalSigmas != "sigma_min")
        throw FileError(ErrorCode::BadFile, origin, "UniPC: final_sigmas_type \"" + finalSigmas + "\" is not zero or sigma_min");
    s.isBh2 = solverType == "bh2";
    s.finalSigmaZero = finalSigmas == "zero";
    requireValue(config, "prediction_type", "flow_prediction", origin);
    requireValue(config, "use_flow_sigmas", true, origin);
    requireValue(config, "predict_x0", true, origin);
    requireValue(config, "thresholding", false, origin);
    requireValue(config, "use_dynamic_shifting", false, origin);
    requireValue(config, "timestep_spacing", "linspace", origin);
    requireValue(config, "solver_p", nullptr, origin);
    const auto flowSigmas = config.find("use_flow_sigmas");
    if (flowSigmas == config.end() || !flowSigmas->is_boolean() || !flowSigmas->get<bool>())
        throw FileError(ErrorCode::BadFile, origin, "UniPC: only use_flow_sigmas true (the Wan configuration) is supported");
    return s;
}

struct WanUniPCScheduler::Coefficients {
    at::Tensor sigmaT, sigmaS0, alphaT; // 0-dim float32
    at::Tensor hPhi1, bH;               // e^hh − 1 and B(h), hh = −h (predict_x0)
    std::vector<at::Tensor> rks;        // r_k for k = 1..order−1 (the trailing 1 is in R)
    at::Tensor R, b;                    // [order, order], [order] float32
};

WanUniPCScheduler::WanUniPCScheduler(WanUniPCSettings settings) : m_settings(std::move(settings))
{
    m_modelOutputs.resize(static_cast<std::size_t>(m_settings.solverOrder));
}

void WanUniPCScheduler::setTimesteps(const ScheduleRequest& request)
{
    const int n = request.stepCount;
    if (n < 1 || n > 1000)
        throw InvalidRequestError("steps", "UniPC takes 1 to 1000 steps, got " + std::to_string(n));
    const double total = m_settings.numTrainTimesteps;
    // use_flow_sigmas: alphas = linspace(1, 1/N, n + 1); sigmas = 1 − alphas, shifted, flipped, last
    // dropped; all float64 (numpy).
    const std::vector<double> alphas = WanFlowSigmas::linspace(1.0, 1.0 / total, n + 1);
    m_timesteps.clear();
    m_sigmas.clear();
    for (int j = 0; j < n; ++j) {
        const double sigma = WanFlowSigmas::shifted(1.0 - alphas[static_cast<std::size_t>(n - j)], m_settings.flowShift);
        // (sigmas·N).astype(int64): truncated, not rounded
        m_timesteps.push_back(static_cast<std::int64_t>(sigma * total));
        m_sigmas.push_back(static_cast<float>(sigma));
    }
    m_sigmas.push_back(m_settings.finalSigmaZero ? 0.0f : m_sigmas.back());
    std::fill(m_modelOutputs.begin(), m_modelOutputs.end(), at::Tensor());
    m_lastSample = at::Tensor();
    m_lowerOrderNums = m_thisOrder = m_stepIndex = 0;
}

double WanUniPCScheduler::timestep(int index) const
{
    return static_cast<double>(m_timesteps.at(static_cast<std::size_t>(index)));
}

at::Tensor WanUniPCScheduler::timesteps() const
{
    return at::tensor(m_timesteps, at::TensorOptions().dtype(at::kLong));
}

at::Tensor WanUniPCScheduler::sigmas() const
{
    return at::tensor(m_sigmas, at::TensorOptions().dtype(at::kFloat));
}

at::Tensor WanUniPCScheduler::sigma(int index) const
{
    return scalar(m_sigmas.at(static_cast<std::size_t>(index)));
}

WanUniPCScheduler::Coefficients WanUniPCScheduler::coefficients(int target, int source, int order) const
{
    // _sigma_to_alpha_sigma_t with flow sigmas: alpha = 1 − sigma; lambda = log(alpha) − log(sigma)
    auto lambda = [&](int index) {
        const at::Tensor s = sigma(index);
        return at::log(at::rsub(s, 1)) - at::log(s);
    };
    Coefficients c;
    c.sigmaT = sigma(target);
    c.sigmaS0 = sigma(source);
    c.alphaT = at::rsub(c.sigmaT, 1);
    const at::Tensor lambdaS0 = lambda(source);
    const at::Tensor h = lambda(target) - lambdaS0;
    std::vector<at::Tensor> rks;
    for (int k = 1; k < order; ++k) {
        c.rks.push_back((lambda(source - k) - lambdaS0) / h);
        rks.push_back(c.rks.back());
    }
    rks.push_back(scalar(1.0));
    const at::Tensor rkTensor = at::stack(rks); // torch.tensor(rks): [order] float32
    const at::Tensor hh = h.neg();              // predict_x0
    c.hPhi1 = at::expm1(hh);
    at::Tensor hPhiK = c.hPhi1 / hh - 1;
    c.bH = m_settings.isBh2 ? at::expm1(hh) : hh;
    std::vector<at::Tensor> rows, b;
    double factorial = 1;
    for (int i = 1; i <= order; ++i) {
        rows.push_back(at::pow(rkTensor, i - 1));
        b.push_back(hPhiK * factorial / c.bH);
        factorial *= i + 1;
        hPhiK = hPhiK / hh - 1.0 / factorial;
    }
    c.R = at::stack(rows);
    c.b = at::stack(b);
    return c;
}

at::Tensor WanUniPCScheduler::predictor(const at::Tensor& x, int order) const
{
    // multistep_uni_p_bh_update at step i: from sigma_i to sigma_{i+1}
    const int i = m_stepIndex;
    const Coefficients c = coefficients(i + 1, i, order);
    const at::Tensor& m0 = m_modelOutputs.back();
    at::Tensor xT = c.sigmaT / c.sigmaS0 * x - c.alphaT * c.hPhi1 * m0;
    if (order >= 2) {
        // rhos_p = [0.5] for order 2 (the reference's simplification), else solve(R[:-1, :-1], b[:-1])
        const at::Tensor rhos = order == 2 ? scalar(0.5).reshape({1})
                                           : at::linalg_solve(c.R.narrow(0, 0, order - 1).narrow(1, 0, order - 1),
                                                              c.b.narrow(0, 0, order - 1));
        at::Tensor predRes;
        for (int k = 1; k < order; ++k) {
            const at::Tensor& mk = m_modelOutputs[m_modelOutputs.size() - 1 - static_cast<std::size_t>(k)];
            const at::Tensor term = rhos[k - 1] * ((mk - m0) / c.rks[static_cast<std::size_t>(k - 1)]); // rho·D1_k
            predRes = predRes.defined() ? predRes + term : term;
        }
        xT = xT - c.alphaT * c.bH * predRes;
    }
    return xT.to(x.scalar_type());
}

at::Tensor WanUniPCScheduler::corrector(const at::Tensor& modelT, const at::Tensor& lastSample,
                                        const at::Tensor& thisSample, int order) const
{
    // multistep_uni_c_bh_update at step i: corrects the sample the last predictor made (sigma_{i−1} -> sigma_i)
    const int i = m_stepIndex;
    const Coefficients c = coefficients(i, i - 1, order);
    const at::Tensor& m0 = m_modelOutputs.back();
    const at::Tensor rhos = order == 1 ? scalar(0.5).reshape({1}) : at::linalg_solve(c.R, c.b);
    const at::Tensor xT_ = c.sigmaT / c.sigmaS0 * lastSample - c.alphaT * c.hPhi1 * m0;
    at::Tensor correction = rhos[order - 1] * (modelT - m0); // rhos_c[−1]·D1_t
    at::Tensor corrRes;
    for (int k = 1; k < order; ++k) {
        const at::Tensor& mk = m_modelOutputs[m_modelOutputs.size() - 1 - static_cast<std::size_t>(k)];
        const at::Tensor term = rhos[k - 1] * ((mk - m0) / c.rks[static_cast<std::size_t>(k - 1)]);
        corrRes = corrRes.defined() ? corrRes + term : term;
    }
    if (corrRes.defined())
        correction = corrRes + correction;
    return (xT_ - c.alphaT * c.bH * correction).to(thisSample.scalar_type());
}

SchedulerStep WanUniPCScheduler::step(int index, const at::Tensor& modelOutput, const at::Tensor& sampleIn, NoiseSource&)
{
    if (m_timesteps.empty())
        throw Error(ErrorCode::Internal, "UniPC: step before setTimesteps");
    if (index != m_stepIndex)
        throw Error(ErrorCode::Internal, "UniPC: step " + std::to_string(index) + " asked, the run is at step " +
                                             std::to_string(m_stepIndex) + " (steps run in order)");
    const int order = m_settings.solverOrder;
    // convert_model_output (flow_prediction, predict_x0): x0 = sample − sigma_i·v, from the sample
    // before the corrector touches it.
    const at::Tensor x0 = sampleIn - sigma(index) * modelOutput;
    const bool isCorrectorDisabled = std::find(m_settings.disableCorrector.begin(), m_settings.disableCorrector.end(),
                                               index - 1) != m_settings.disableCorrector.end();
    at::Tensor sample = sampleIn;
    if (index > 0 && !isCorrectorDisabled && m_lastSample.defined())
        sample = corrector(x0, m_lastSample, sampleIn, m_thisOrder);
    std::rotate(m_modelOutputs.begin(), m_modelOutputs.begin() + 1, m_modelOutputs.end());
    m_modelOutputs.back() = x0;
    int thisOrder = m_settings.lowerOrderFinal ? std::min(order, stepCount() - index) : order;
    m_thisOrder = std::min(thisOrder, m_lowerOrderNums + 1); // warm-up of the multistep solver
    m_lastSample = sample;
    const at::Tensor prev = predictor(sample, m_thisOrder);
    m_lowerOrderNums = std::min(m_lowerOrderNums + 1, order);
    ++m_stepIndex;
    return SchedulerStep{prev, x0};
}

StepState WanUniPCScheduler::saveState() const
{
    StepState state;
    const auto i64 = at::TensorOptions().dtype(at::kLong);
    state["step_index"] = at::scalar_tensor(m_stepIndex, i64);
    state["lower_order_nums"] = at::scalar_tensor(m_lowerOrderNums, i64);
    state["this_order"] = at::scalar_tensor(m_thisOrder, i64);
    if (m_lastSample.defined())
        state["last_sample"] = m_lastSample;
    for (std::size_t k = 0; k < m_modelOutputs.size(); ++k)
        if (m_modelOutputs[k].defined())
            state["model_output_" + std::to_string(k)] = m_modelOutputs[k];
    return state;
}

void WanUniPCScheduler::restoreState(const StepState& state)
{
    const std::string origin = "unipc scheduler state";
    auto count = [&](const char* key, int low, int high) {
        auto it = state.find(key);
        if (it == state.end() || it->second.numel() != 1)
            throw FileError(ErrorCode::BadFile, origin, std::string("needs \"") + key + "\" (one integer)");
        const std::int64_t value = it->second.to(at::kCPU).to(at::kLong).item<std::int64_t>();
        if (value < low || value > high)
            throw FileError(ErrorCode::BadFile, origin,
                            std::string("\"") + key + "\" is " + std::to_string(value) + ", outside [" +
                                std::to_string(low) + ", " + std::to_string(high) + "]");
        return static_cast<int>(value);
    };
    std::vector<at::Tensor> outputs(m_modelOutputs.size());
    for (const auto& entry : state) {
        const std::string& key = entry.first;
        if (key == "step_index" || key == "lower_order_nums" || key == "this_order" || key == "last_sample")
            continue;
        const std::string prefix = "model_output_";
        const std::string slot = key.rfind(prefix, 0) == 0 ? key.substr(prefix.size()) : "";
        if (slot.size() != 1 || slot[0] < '0' || slot[0] - '0' >= static_cast<int>(outputs.size()))
            throw FileError(ErrorCode::BadFile, origin, "has \"" + key + "\", which UniPC does not keep");
        outputs[static_cast<std::size_t>(slot[0] - '0')] = entry.second;
    }
    m_stepIndex = count("step_index", 0, stepCount());
    m_lowerOrderNums = count("lower_order_nums", 0, m_settings.solverOrder);
    m_thisOrder = count("this_order", 0, m_settings.solverOrder);
    auto last = state.find("last_sample");
    m_lastSample = last == state.end() ? at::Tensor() : last->second;
    m_modelOutputs = outputs;
}

} // namespace framesmith
