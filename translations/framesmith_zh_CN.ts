<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutBox</name>
    <message>
        <source>About Framesmith</source>
        <translation>关于 Framesmith</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Framesmith %1&lt;/h3&gt;&lt;p&gt;A desktop studio for generating short video clips with open video models (%4) on your own GPUs, with live memory monitoring and memory presets that avoid running out of GPU memory.&lt;/p&gt;&lt;p&gt;Licence: %2.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Model weights are not included.&lt;/b&gt; Download a model (for example from %5) and choose its folder; each model has its own licence.&lt;/p&gt;&lt;p&gt;Built with Qt %3, libtorch and QCustomPlot.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Framesmith %1&lt;/h3&gt;&lt;p&gt;一款桌面工作室，在您自己的 GPU 上用开放视频模型（%4）生成短视频片段，提供实时显存监控和内存预设，避免显存耗尽。&lt;/p&gt;&lt;p&gt;许可证：%2。&lt;/p&gt;&lt;p&gt;&lt;b&gt;不包含模型权重。&lt;/b&gt;请下载模型（例如从 %5）并选择其文件夹；每个模型都有各自的许可证。&lt;/p&gt;&lt;p&gt;基于 Qt %3、libtorch 和 QCustomPlot 构建。&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ClipShelf</name>
    <message>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <source>The clip could not be added to the history.</source>
        <translation>无法将片段加入历史记录。</translation>
    </message>
    <message>
        <source>The clip&apos;s video could not be read.</source>
        <translation>无法读取片段的视频。</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>There is no clip to export yet</source>
        <translation>还没有可导出的片段</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>正在导出 %1…</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>导出失败</translation>
    </message>
    <message>
        <source>The clip could not be exported.</source>
        <translation>无法导出片段。</translation>
    </message>
    <message>
        <source>Settings loaded; the clip&apos;s video is missing: %1</source>
        <translation>已载入设置；该片段的视频已不存在：%1</translation>
    </message>
    <message>
        <source>The clip could not be renamed.</source>
        <translation>无法重命名该片段。</translation>
    </message>
    <message>
        <source>Delete the clip?</source>
        <translation>删除该片段？</translation>
    </message>
    <message>
        <source>Delete this clip, its video and its settings from the history?</source>
        <translation>从历史中删除此片段及其视频和设置？</translation>
    </message>
    <message>
        <source>Exports you made elsewhere are kept.</source>
        <translation>您导出到其他位置的文件会保留。</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>The history entry %1 was already gone</source>
        <translation>历史条目 %1 已不存在</translation>
    </message>
    <message>
        <source>The run could not be added to the history.</source>
        <translation>无法将这次运行加入历史记录。</translation>
    </message>
    <message>
        <source>Settings loaded; this run has no clip yet: right-click it and choose Decode again</source>
        <translation>已载入设置；这次运行还没有视频：右键单击它并选择“重新解码”</translation>
    </message>
</context>
<context>
    <name>DecodeAgainDialog</name>
    <message>
        <source>Decode again</source>
        <translation>重新解码</translation>
    </message>
    <message>
        <source>Decode in &amp;tiles (less memory, a little slower)</source>
        <translation>分块解码(&amp;T)（更省内存，稍慢）</translation>
    </message>
    <message>
        <source>Tile &amp;height:</source>
        <translation>分块高度(&amp;H)：</translation>
    </message>
    <message>
        <source>Tile &amp;width:</source>
        <translation>分块宽度(&amp;W)：</translation>
    </message>
    <message>
        <source>Decode one &amp;frame batch at a time (slicing)</source>
        <translation>每次解码一批帧（切片）(&amp;F)</translation>
    </message>
    <message>
        <source>They hold %1 of %2 denoising steps: the clip will look unfinished.</source>
        <translation>其中包含 %2 个去噪步骤中的 %1 个：视频看起来会尚未完成。</translation>
    </message>
    <message>
        <source>They hold all %1 denoising steps.</source>
        <translation>其中包含全部 %1 个去噪步骤。</translation>
    </message>
    <message>
        <source>Decode the kept latents again with other VAE settings; the denoising is not redone.
%1
%2</source>
        <translation>用其他 VAE 设置重新解码保留的潜变量；不会重新去噪。
%1
%2</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>&amp;Decode</source>
        <translation>解码(&amp;D)</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export clip</source>
        <translation>导出片段</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>文件(&amp;F)：</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>格式(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;Quality (CRF):</source>
        <translation>质量 CRF(&amp;Q)：</translation>
    </message>
    <message>
        <source>Format default</source>
        <translation>格式默认值</translation>
    </message>
    <message>
        <source>Lower is better and larger; 18 looks like the original</source>
        <translation>数值越低画质越好、文件越大；18 与原片几乎无异</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>尺寸(&amp;S)：</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>Also save the run&apos;s &amp;memory trace (CSV and PNG) beside it</source>
        <translation>同时在旁边保存本次生成的内存记录（CSV 和 PNG）(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>H.264 video, MP4</source>
        <translation>H.264 视频，MP4</translation>
    </message>
    <message>
        <source>H.265 video, MP4</source>
        <translation>H.265 视频，MP4</translation>
    </message>
    <message>
        <source>VP9 video, WebM</source>
        <translation>VP9 视频，WebM</translation>
    </message>
    <message>
        <source>AV1 video, MP4</source>
        <translation>AV1 视频，MP4</translation>
    </message>
    <message>
        <source>ProRes 422, MOV</source>
        <translation>ProRes 422，MOV</translation>
    </message>
    <message>
        <source>Animated GIF</source>
        <translation>GIF 动图</translation>
    </message>
    <message>
        <source>PNG image sequence (folder)</source>
        <translation>PNG 图像序列（文件夹）</translation>
    </message>
    <message>
        <source>%1 (%2 × %3)</source>
        <translation>%1（%2 × %3）</translation>
    </message>
    <message>
        <source>As generated</source>
        <translation>原始尺寸</translation>
    </message>
    <message>
        <source>Half</source>
        <translation>一半</translation>
    </message>
    <message>
        <source>Double</source>
        <translation>两倍</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Format default (%1)</source>
        <translation>格式默认值（%1）</translation>
    </message>
    <message>
        <source>Not used by this format</source>
        <translation>此格式不使用</translation>
    </message>
    <message>
        <source>%1 (*%2)</source>
        <translation>%1 (*%2)</translation>
    </message>
    <message>
        <source>Choose a file name.</source>
        <translation>请选择文件名。</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>文件夹 %1 不存在。</translation>
    </message>
    <message>
        <source>The folder %1 cannot be written to.</source>
        <translation>无法写入文件夹 %1。</translation>
    </message>
    <message>
        <source>%1 is a folder: choose a file name.</source>
        <translation>%1 是文件夹：请选择文件名。</translation>
    </message>
    <message>
        <source>Replace the file?</source>
        <translation>替换该文件？</translation>
    </message>
    <message>
        <source>%1 already exists.</source>
        <translation>%1 已存在。</translation>
    </message>
    <message>
        <source>Replacing it overwrites what is there now.</source>
        <translation>替换会覆盖现有内容。</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>替换(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Keep it</source>
        <translation>保留(&amp;K)</translation>
    </message>
</context>
<context>
    <name>FamilyKnob</name>
    <message>
        <source>Dynamic guidance</source>
        <translation>动态引导</translation>
    </message>
    <message>
        <source>Raises the guidance from 1 towards 1 + the guidance scale along a cosine over the steps (diffusers&apos; use_dynamic_cfg); off: the same guidance at every step.</source>
        <translation>引导强度沿余弦曲线随步数从 1 升至 1 + 引导系数（diffusers 的 use_dynamic_cfg）；关闭时每一步使用相同的引导。</translation>
    </message>
    <message>
        <source>Flow shift</source>
        <translation>流偏移</translation>
    </message>
    <message>
        <source>Shifts the sampler&apos;s noise levels towards the noisy end: higher values spend more steps on composition and motion. The model&apos;s scheduler config gives the default (3 for 480p, 5 for 720p in Wan&apos;s repos).</source>
        <translation>将采样器的噪声水平移向高噪声一端：数值越大，用于构图和运动的步数越多。默认值取自模型的调度器配置（Wan 仓库中 480p 为 3，720p 为 5）。</translation>
    </message>
    <message>
        <source>Low-noise guidance</source>
        <translation>低噪声引导</translation>
    </message>
    <message>
        <source>The guidance scale of the low-noise expert (transformer_2), which runs the steps after the expert switch. Unset: the same as the guidance scale, as diffusers does.</source>
        <translation>低噪声专家（transformer_2）的引导系数，它运行专家切换之后的各步。未设置时与引导系数相同，与 diffusers 一致。</translation>
    </message>
    <message>
        <source>Expert switch</source>
        <translation>专家切换点</translation>
    </message>
    <message>
        <source>Where the low-noise expert (transformer_2) takes over, as a fraction of the noise scale: steps whose timestep is below this ratio of 1000 run it. Lower values give more steps to the high-noise expert (composition and motion). The model&apos;s model_index.json gives the default (0.875 for T2V-A14B, 0.9 for I2V-A14B).</source>
        <translation>低噪声专家（transformer_2）接手的位置，以噪声尺度的比例表示：时间步低于该比例乘以 1000 的各步由它运行。数值越小，高噪声专家（负责构图和运动）运行的步数越多。默认值取自模型的 model_index.json（T2V-A14B 为 0.875，I2V-A14B 为 0.9）。</translation>
    </message>
</context>
<context>
    <name>FarmDialog</name>
    <message>
        <source>Send queue to farm</source>
        <translation>发送队列到渲染农场</translation>
    </message>
    <message>
        <source>None (CPU nodes)</source>
        <translation>无（CPU 节点）</translation>
    </message>
    <message>
        <source>e.g. --qos=high --account=art</source>
        <translation>例如 --qos=high --account=art</translation>
    </message>
    <message>
        <source>Each job&apos;s own model folder</source>
        <translation>使用每个任务自己的模型文件夹</translation>
    </message>
    <message numerus="yes">
        <source>%n waiting job(s) will be submitted to Slurm as one job array, one task per job. Each clip and its sidecar are written to the output folder.</source>
        <translation>
            <numerusform>%n 个等待中的任务将作为一个作业数组提交给 Slurm，每个任务一个数组任务。每个片段及其附带文件都写入输出文件夹。</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Partition:</source>
        <translation>分区(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Output folder (shared storage):</source>
        <translation>输出文件夹（共享存储）(&amp;O)：</translation>
    </message>
    <message>
        <source>&amp;GPUs per job:</source>
        <translation>每个任务的 GPU 数(&amp;G)：</translation>
    </message>
    <message>
        <source>&amp;Extra sbatch arguments:</source>
        <translation>额外的 sbatch 参数(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Model folder on the cluster:</source>
        <translation>集群上的模型文件夹(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Submit</source>
        <translation>提交(&amp;S)</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation>选择文件夹</translation>
    </message>
    <message>
        <source>Give the Slurm partition the jobs run in.</source>
        <translation>请填写任务运行所在的 Slurm 分区。</translation>
    </message>
    <message>
        <source>A partition name has no blanks or &apos;#&apos;.</source>
        <translation>分区名称不能包含空白或“#”。</translation>
    </message>
    <message>
        <source>Choose an existing output folder on storage the cluster&apos;s nodes share.</source>
        <translation>请选择集群节点共享的存储上一个已存在的输出文件夹。</translation>
    </message>
    <message>
        <source>Slurm cannot write logs to a folder whose path has blanks: choose another.</source>
        <translation>Slurm 无法把日志写入路径含空白的文件夹：请另选一个。</translation>
    </message>
    <message>
        <source>The model folder does not exist here; leave it empty to use each job&apos;s own.</source>
        <translation>该模型文件夹在本机不存在；留空则使用每个任务自己的模型文件夹。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an sbatch option: write each as --name=value.</source>
        <translation>“%1”不是 sbatch 选项：请按 --名称=值 的形式书写每一项。</translation>
    </message>
</context>
<context>
    <name>FarmSender</name>
    <message>
        <source>%1 could not be started: %2</source>
        <translation>无法启动 %1：%2</translation>
    </message>
    <message>
        <source>Nothing was submitted: %1</source>
        <translation>没有提交任何任务：%1</translation>
    </message>
    <message>
        <source>no job needed it</source>
        <translation>没有任务需要提交</translation>
    </message>
    <message>
        <source>framesmith-cli farm submit failed (exit code %1)</source>
        <translation>framesmith-cli farm submit 失败（退出码 %1）</translation>
    </message>
</context>
<context>
    <name>FieldValidation</name>
    <message>
        <source>Frames</source>
        <translation>帧数</translation>
    </message>
    <message>
        <source>FPS</source>
        <translation>帧率</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Guidance</source>
        <translation>引导系数</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <source>Start image</source>
        <translation>起始图像</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>must be between %1 and %2, not %3</source>
        <translation>须在 %1 到 %2 之间，当前为 %3</translation>
    </message>
    <message>
        <source>must be a multiple of %1, not %2</source>
        <translation>须为 %1 的倍数，当前为 %2</translation>
    </message>
    <message>
        <source>this model only runs at %1 × %2 px</source>
        <translation>此模型只能以 %1 × %2 像素运行</translation>
    </message>
    <message>
        <source>this model turns a start image into a video: choose one</source>
        <translation>此模型将起始图像生成视频：请选择一张图像</translation>
    </message>
    <message>
        <source>this model is text-to-video only: clear the start image</source>
        <translation>此模型只支持文本生成视频：请清除起始图像</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>must be a whole number from 0 to 18446744073709551615</source>
        <translation>须为 0 到 18446744073709551615 之间的整数</translation>
    </message>
    <message>
        <source>the clip cannot be saved in %1: the folder is not writable</source>
        <translation>片段无法保存到 %1：该文件夹不可写</translation>
    </message>
    <message>
        <source>Sampler</source>
        <translation>采样器</translation>
    </message>
    <message>
        <source>must be %1 for this model (e.g. %2), not %3</source>
        <translation>此模型要求为 %1（例如 %2），当前为 %3</translation>
    </message>
    <message>
        <source>this model does not offer the sampler %1: choose another</source>
        <translation>此模型不提供采样器 %1：请另选一个</translation>
    </message>
    <message>
        <source>References</source>
        <translation>参考素材</translation>
    </message>
    <message>
        <source>this model takes no reference videos or images: clear them</source>
        <translation>此模型不接受参考视频或图像：请清除它们</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Negative prompt</source>
        <translation>反向提示词</translation>
    </message>
    <message>
        <source>is %1 characters long; at most %2 are accepted (the text encoder reads only about the first thousand): shorten it</source>
        <translation>长度为 %1 个字符；最多接受 %2 个（文本编码器只读取大约前一千个）：请缩短</translation>
    </message>
    <message>
        <source>this model has no such setting: clear it</source>
        <translation>此模型没有该设置：请清除它</translation>
    </message>
    <message>
        <source>must be %1, not %2</source>
        <translation>须为%1，当前为 %2</translation>
    </message>
    <message>
        <source>on or off</source>
        <translation>开或关</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>整数</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>a text</source>
        <translation>文本</translation>
    </message>
</context>
<context>
    <name>FrameRuleText</name>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>%1N+%2 (%3)</source>
        <translation>%1N+%2（%3）</translation>
    </message>
    <message>
        <source> or </source>
        <translation> 或 </translation>
    </message>
</context>
<context>
    <name>GenerationWorker</name>
    <message>
        <source>A parameter cannot work with this model.</source>
        <translation>某个参数无法用于此模型。</translation>
    </message>
    <message>
        <source>A model file is damaged or of the wrong kind.</source>
        <translation>某个模型文件已损坏或类型不对。</translation>
    </message>
    <message>
        <source>A file the model needs is missing.</source>
        <translation>缺少模型所需的文件。</translation>
    </message>
    <message>
        <source>The weights do not match the model&apos;s configuration.</source>
        <translation>权重与模型配置不匹配。</translation>
    </message>
    <message>
        <source>This build cannot run this model.</source>
        <translation>此版本无法运行该模型。</translation>
    </message>
    <message>
        <source>Out of memory, even after recovery. Try a lower-memory preset.</source>
        <translation>即使经过恢复仍然内存不足。请尝试占用内存更少的预设。</translation>
    </message>
    <message>
        <source>Reading or writing a file failed.</source>
        <translation>读取或写入文件失败。</translation>
    </message>
    <message>
        <source>The computation produced invalid numbers (NaN or infinity).</source>
        <translation>计算产生了无效数值（NaN 或无穷大）。</translation>
    </message>
    <message>
        <source>This machine or build lacks a needed feature.</source>
        <translation>本机或此版本缺少所需的功能。</translation>
    </message>
    <message>
        <source>Generation failed.</source>
        <translation>生成失败。</translation>
    </message>
    <message>
        <source>the host ran out of memory</source>
        <translation>主机内存耗尽</translation>
    </message>
    <message>
        <source>an unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <source>The clip could not be saved to the history: %1</source>
        <translation>无法将片段保存到历史记录：%1</translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <source>(no prompt)</source>
        <translation>（无提示词）</translation>
    </message>
    <message>
        <source>%1 · %2 frames %3×%4 · seed %5</source>
        <translation>%1 · %2 帧 %3×%4 · 种子 %5</translation>
    </message>
    <message>
        <source> · stopped early</source>
        <translation> · 提前停止</translation>
    </message>
    <message>
        <source>No clips yet. Generated clips appear here with their parameters.</source>
        <translation>还没有片段。生成的片段会连同参数显示在这里。</translation>
    </message>
    <message>
        <source>Prompt: %1
Model: %2
Preset: %3
Total time: %4 s</source>
        <translation>提示词：%1
模型：%2
预设：%3
总耗时：%4 秒</translation>
    </message>
    <message>
        <source>&amp;Load its settings</source>
        <translation>载入其设置(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>重命名(&amp;R)…</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>在文件夹中显示(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>删除(&amp;D)…</translation>
    </message>
    <message>
        <source>%1 · no clip: latents of %2 of %3 steps kept (right-click: Decode again)</source>
        <translation>%1 · 无视频：已保留 %3 步中 %2 步的潜变量（右键：重新解码）</translation>
    </message>
    <message>
        <source>Decode &amp;again…</source>
        <translation>重新解码(&amp;A)…</translation>
    </message>
    <message>
        <source>Make the clip from the kept latents with other VAE settings</source>
        <translation>用其他 VAE 设置从保留的潜变量生成视频</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Generate this clip again with exactly its parameters and memory preset</source>
        <translation>用完全相同的参数和内存预设再次生成此片段</translation>
    </message>
    <message>
        <source>Re&amp;sume</source>
        <translation>继续(&amp;S)</translation>
    </message>
    <message>
        <source>Continue the paused run at step %1 of %2</source>
        <translation>从第 %1 步（共 %2 步）继续已暂停的运行</translation>
    </message>
</context>
<context>
    <name>HistoryStore</name>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>unknown schemaVersion %1</source>
        <translation>未知的 schemaVersion %1</translation>
    </message>
    <message>
        <source>request: %1</source>
        <translation>请求：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1：无法创建文件夹</translation>
    </message>
    <message>
        <source>Skipped history entry %1: %2</source>
        <translation>已跳过历史记录条目 %1：%2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not a valid history id</source>
        <translation>“%1”不是有效的历史记录 ID</translation>
    </message>
    <message>
        <source>the file name is not a history id</source>
        <translation>文件名不是历史记录 ID</translation>
    </message>
    <message>
        <source>not enough memory to read it</source>
        <translation>内存不足，无法读取</translation>
    </message>
</context>
<context>
    <name>ImageDropArea</name>
    <message>
        <source>Choose…</source>
        <translation>选择…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Choose a start image</source>
        <translation>选择起始图像</translation>
    </message>
    <message>
        <source>Remove the start image (text-to-video)</source>
        <translation>移除起始图像（文本生成视频）</translation>
    </message>
    <message>
        <source>Drop a start image here
(image-to-video models)</source>
        <translation>将起始图像拖放到此处
（图像生成视频模型）</translation>
    </message>
    <message>
        <source>No start image</source>
        <translation>无起始图像</translation>
    </message>
    <message>
        <source>%1 · %2 × %3</source>
        <translation>%1 · %2 × %3</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>图像 (%1)</translation>
    </message>
</context>
<context>
    <name>KnobFields</name>
    <message>
        <source>%1:</source>
        <translation>%1：</translation>
    </message>
    <message>
        <source>Model default</source>
        <translation>模型默认</translation>
    </message>
</context>
<context>
    <name>LoraDetails</name>
    <message>
        <source>Title: %1</source>
        <translation>标题：%1</translation>
    </message>
    <message numerus="yes">
        <source>Layout: %1, rank %2, %n module(s), %3</source>
        <translation>
            <numerusform>格式：%1，秩 %2，%n 个模块，%3</numerusform>
        </translation>
    </message>
    <message>
        <source>none (full deltas)</source>
        <translation>无（完整增量）</translation>
    </message>
    <message>
        <source>Base model: %1</source>
        <translation>基础模型：%1</translation>
    </message>
    <message>
        <source>Network dim %1, alpha %2</source>
        <translation>网络维度 %1，alpha %2</translation>
    </message>
    <message>
        <source>Trigger words: %1</source>
        <translation>触发词：%1</translation>
    </message>
</context>
<context>
    <name>LoraDock</name>
    <message>
        <source>LoRA</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>This file cannot be used as a LoRA.</source>
        <translation>此文件不能用作 LoRA。</translation>
    </message>
    <message>
        <source>LoRAs</source>
        <translation>LoRA</translation>
    </message>
    <message>
        <source>Add LoRA…</source>
        <translation>添加 LoRA…</translation>
    </message>
    <message>
        <source>Add LoRA files to the LoRA panel</source>
        <translation>将 LoRA 文件添加到 LoRA 面板</translation>
    </message>
</context>
<context>
    <name>LoraFolderMenu</name>
    <message>
        <source>%1 (high and low noise pair)</source>
        <translation>%1（高噪声与低噪声配对）</translation>
    </message>
    <message>
        <source>No LoRA files in %1</source>
        <translation>%1 中没有 LoRA 文件</translation>
    </message>
    <message>
        <source>Add a LoRA folder…</source>
        <translation>添加 LoRA 文件夹…</translation>
    </message>
    <message>
        <source>Choose a folder of LoRA files (e.g. ComfyUI&apos;s models/loras)</source>
        <translation>选择 LoRA 文件所在的文件夹（例如 ComfyUI 的 models/loras）</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>已找到</translation>
    </message>
    <message>
        <source>LoRA files in the data folder&apos;s loras/ and the folders you added</source>
        <translation>数据文件夹的 loras/ 及您添加的文件夹中的 LoRA 文件</translation>
    </message>
</context>
<context>
    <name>LoraPanel</name>
    <message>
        <source>%1 is not a .safetensors file</source>
        <translation>%1 不是 .safetensors 文件</translation>
    </message>
    <message>
        <source>%1 and %2 are a high/low-noise pair: both are added, each on its expert</source>
        <translation>%1 和 %2 是一对高/低噪声 LoRA：两者都已添加，各自作用于对应的专家</translation>
    </message>
    <message>
        <source>Add LoRAs</source>
        <translation>添加 LoRA</translation>
    </message>
    <message>
        <source>LoRA files (*.safetensors)</source>
        <translation>LoRA 文件 (*.safetensors)</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>添加…</translation>
    </message>
    <message>
        <source>Add LoRA files (.safetensors)</source>
        <translation>添加 LoRA 文件（.safetensors）</translation>
    </message>
    <message>
        <source>No LoRA. Drop .safetensors files here or on the window, or add them.</source>
        <translation>没有 LoRA。将 .safetensors 文件拖放到此处或窗口上，或点击添加。</translation>
    </message>
    <message>
        <source>Hover a name for its training notes and trigger words.</source>
        <translation>将鼠标悬停在名称上可查看其训练信息和触发词。</translation>
    </message>
</context>
<context>
    <name>LoraRow</name>
    <message>
        <source>Apply this LoRA</source>
        <translation>应用此 LoRA</translation>
    </message>
    <message>
        <source>Strength: 1 applies the LoRA as trained, 0 not at all, negative values invert it</source>
        <translation>强度：1 按训练效果应用 LoRA，0 表示不应用，负值则反向应用</translation>
    </message>
    <message>
        <source>Both experts</source>
        <translation>两个专家</translation>
    </message>
    <message>
        <source>High noise</source>
        <translation>高噪声</translation>
    </message>
    <message>
        <source>Low noise</source>
        <translation>低噪声</translation>
    </message>
    <message>
        <source>Which expert transformer of the model takes this LoRA</source>
        <translation>由模型的哪个专家 Transformer 使用此 LoRA</translation>
    </message>
    <message>
        <source>Remove this LoRA</source>
        <translation>移除此 LoRA</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Framesmith</source>
        <translation>Framesmith</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>生成(&amp;G)</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Open start image…</source>
        <translation>打开起始图像(&amp;O)…</translation>
    </message>
    <message>
        <source>C&amp;lear start image</source>
        <translation>清除起始图像(&amp;L)</translation>
    </message>
    <message>
        <source>Choose &amp;model folder…</source>
        <translation>选择模型文件夹(&amp;M)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Randomize seed</source>
        <translation>随机种子(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;About Framesmith</source>
        <translation>关于 Framesmith(&amp;A)</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 Qt(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;System language</source>
        <translation>跟随系统(&amp;S)</translation>
    </message>
    <message>
        <source>Cannot generate: %1</source>
        <translation>无法生成：%1</translation>
    </message>
    <message>
        <source>Choose a model folder</source>
        <translation>选择模型文件夹</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <source>&amp;Stop denoising and decode</source>
        <translation>停止去噪并解码(&amp;S)</translation>
    </message>
    <message>
        <source>Stop denoising after the current step and decode what has formed so far</source>
        <translation>在当前步骤后停止去噪，并解码目前已成形的内容</translation>
    </message>
    <message>
        <source>&amp;Export clip…</source>
        <translation>导出片段(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>历史记录(&amp;H)</translation>
    </message>
    <message>
        <source>Choose a model folder first (File &gt; Choose model folder…).</source>
        <translation>请先选择模型文件夹（文件 &gt; 选择模型文件夹…）。</translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>警告：%1</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史记录</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>就绪。</translation>
    </message>
    <message>
        <source>Ready. Choose a model folder to generate.</source>
        <translation>就绪。请选择模型文件夹以开始生成。</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Keep the loaded settings and close this bar</source>
        <translation>保留已载入的设置并关闭此提示栏</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo loading from history</source>
        <translation>撤销从历史载入(&amp;U)</translation>
    </message>
    <message>
        <source>Save &amp;memory trace…</source>
        <translation>保存内存记录(&amp;M)…</translation>
    </message>
    <message>
        <source>Save the memory graph&apos;s samples (CSV) and picture (PNG)</source>
        <translation>保存内存图表的采样数据（CSV）和图片（PNG）</translation>
    </message>
    <message>
        <source>Stopping the run and keeping its latents, then quitting…</source>
        <translation>正在停止生成并保留其潜变量，随后退出…</translation>
    </message>
    <message>
        <source>Stopping the run and keeping its latents…</source>
        <translation>正在停止生成并保留其潜变量…</translation>
    </message>
    <message>
        <source>Checking the model&apos;s files…</source>
        <translation>正在检查模型文件…</translation>
    </message>
    <message>
        <source>The model&apos;s files are damaged or missing: see the model box</source>
        <translation>模型文件已损坏或缺失：请查看模型框</translation>
    </message>
    <message>
        <source>Your settings from before loading the clip are back</source>
        <translation>已恢复载入片段之前的设置</translation>
    </message>
    <message>
        <source>The settings of the clip from %1 are loaded.</source>
        <translation>已载入 %1 的片段设置。</translation>
    </message>
    <message>
        <source>Put back the settings you had before loading this clip (Ctrl+Z)</source>
        <translation>恢复载入此片段之前的设置（Ctrl+Z）</translation>
    </message>
    <message>
        <source>Put back the settings you had before loading a clip from the history</source>
        <translation>恢复从历史载入片段之前的设置</translation>
    </message>
    <message>
        <source>Add to &amp;queue</source>
        <translation>加入队列(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Queue</source>
        <translation>队列(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Finish the current step, save the run to disk and free the GPU; Resume continues it at the same step</source>
        <translation>完成当前步骤后将运行保存到磁盘并释放 GPU；“继续”会从同一步接着运行</translation>
    </message>
    <message>
        <source>Demo model</source>
        <translation>演示模型</translation>
    </message>
</context>
<context>
    <name>MemoryDisplay</name>
    <message>
        <source>GPU memory: live</source>
        <translation>GPU 显存：实时</translation>
    </message>
    <message>
        <source>No GPU: showing RAM</source>
        <translation>无 GPU：显示内存</translation>
    </message>
    <message>
        <source>Checking the model&apos;s files…</source>
        <translation>正在检查模型文件…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: the picture could not be written</source>
        <translation>%1：无法写入图片</translation>
    </message>
    <message>
        <source>Save memory trace</source>
        <translation>保存内存记录</translation>
    </message>
    <message>
        <source>Memory trace (*.memory.csv)</source>
        <translation>内存记录 (*.memory.csv)</translation>
    </message>
    <message>
        <source>Saved %1.memory.csv and .png</source>
        <translation>已保存 %1.memory.csv 和 .png</translation>
    </message>
    <message>
        <source>The memory trace could not be saved.</source>
        <translation>无法保存内存记录。</translation>
    </message>
    <message>
        <source>No GPU on this machine: the lines show RAM</source>
        <translation>本机没有 GPU：曲线显示的是内存</translation>
    </message>
    <message>
        <source>the plan&apos;s %1 on top of %2 in use</source>
        <translation>计划的 %1，叠加在已用的 %2 之上</translation>
    </message>
</context>
<context>
    <name>MemoryFigures</name>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>RAM</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>GPU %1</source>
        <translation>GPU %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>MemoryForecast</name>
    <message>
        <source>No memory forecast: %1</source>
        <translation>无法预估内存：%1</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>可以容纳</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>Does not fit (%1); it would with %2</source>
        <translation>放不下（%1）；启用 %2 即可</translation>
    </message>
    <message>
        <source>Does not fit (%1); it would with all of %2</source>
        <translation>放不下（%1）；同时启用 %2 即可</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Does not fit (%1): no memory setting is enough; use fewer frames, a smaller size or a larger GPU</source>
        <translation>放不下（%1）：任何内存设置都不够；请减少帧数、缩小尺寸或使用更大的 GPU</translation>
    </message>
    <message>
        <source>Auto picks the preset “%1”</source>
        <translation>自动选择了预设“%1”</translation>
    </message>
    <message>
        <source>No memory forecast until the parameters are valid (see the message under the form)</source>
        <translation>参数有效之前无法预估内存（见表单下方的提示）</translation>
    </message>
    <message>
        <source>%1 (too much)</source>
        <translation>%1（超出）</translation>
    </message>
    <message>
        <source>%1 on %2: %3 of %4</source>
        <translation>%1 在 %2 上：%3 / %4</translation>
    </message>
    <message>
        <source>%1 needs %2 of RAM, this process may use %3%4</source>
        <translation>%1 需要 %2 内存，本进程最多可用 %3%4</translation>
    </message>
    <message>
        <source> (limited by %1)</source>
        <translation>（受 %1 限制）</translation>
    </message>
    <message>
        <source>%1 needs %2 on %3, which has %4</source>
        <translation>%1 在 %3 上需要 %2，而它只有 %4</translation>
    </message>
    <message>
        <source>%1 %2 of %3</source>
        <translation>%1 %2 / %3</translation>
    </message>
    <message>
        <source>a GPU of %1</source>
        <translation>一块 %1 的 GPU</translation>
    </message>
    <message>
        <source>%1 GPUs of %2</source>
        <translation>%1 块 %2 的 GPU</translation>
    </message>
    <message>
        <source>Here on the CPU (no GPU): %1. On %2 that you choose: %3</source>
        <translation>本机 CPU 上（无 GPU）：%1。在您选择的%2上：%3</translation>
    </message>
    <message>
        <source>Here: %1. “%2” is for several GPUs; on %3 that you choose: %4</source>
        <translation>本机：%1。“%2”用于多块 GPU；在您选择的%3上：%4</translation>
    </message>
    <message>
        <source>Planned for %1 that you choose:</source>
        <translation>按您选择的%1估算：</translation>
    </message>
</context>
<context>
    <name>MemoryGraphFeeder</name>
    <message>
        <source>System RAM used</source>
        <translation>系统内存占用</translation>
    </message>
    <message>
        <source>Framesmith (RAM)</source>
        <translation>Framesmith（内存）</translation>
    </message>
    <message>
        <source>Other programs (RAM)</source>
        <translation>其他程序（内存）</translation>
    </message>
    <message>
        <source>%1: other processes</source>
        <translation>%1：其他进程</translation>
    </message>
    <message>
        <source>Framesmith on GPU %1 (reserved)</source>
        <translation>Framesmith 在 GPU %1 上（已预留）</translation>
    </message>
    <message>
        <source>Framesmith on GPU %1 (in use)</source>
        <translation>Framesmith 在 GPU %1 上（使用中）</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>系统内存</translation>
    </message>
    <message>
        <source>Memory kept rising: cache released every step</source>
        <translation>内存持续上涨：每步后释放缓存</translation>
    </message>
    <message>
        <source>Memory still rising: paused to disk</source>
        <translation>内存仍在上涨：已暂停并保存到磁盘</translation>
    </message>
    <message>
        <source>Another program took GPU memory: re-planned</source>
        <translation>其他程序占用了显存：已重新规划</translation>
    </message>
    <message>
        <source>%1: %2 takes over</source>
        <translation>%1：由 %2 接手</translation>
    </message>
</context>
<context>
    <name>ModelChoices</name>
    <message>
        <source>demo, random weights</source>
        <translation>演示，随机权重</translation>
    </message>
    <message>
        <source>Hugging Face: %1</source>
        <translation>Hugging Face：%1</translation>
    </message>
    <message>
        <source>ModelScope: %1</source>
        <translation>ModelScope：%1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 – cannot run</source>
        <translation>%1 – 无法运行</translation>
    </message>
    <message>
        <source>Other folder…</source>
        <translation>其他文件夹…</translation>
    </message>
    <message>
        <source>Making the demo model…</source>
        <translation>正在创建演示模型…</translation>
    </message>
    <message>
        <source>The demo model could not be made.</source>
        <translation>无法创建演示模型。</translation>
    </message>
    <message>
        <source>Choose a model…</source>
        <translation>选择模型…</translation>
    </message>
    <message>
        <source>Models found in the Hugging Face and ModelScope caches, folders you opened, and the demo model</source>
        <translation>在 Hugging Face 和 ModelScope 缓存、您打开过的文件夹中找到的模型，以及演示模型</translation>
    </message>
    <message>
        <source>Try the &amp;demo model</source>
        <translation>试用演示模型(&amp;D)</translation>
    </message>
    <message>
        <source>A small model with random weights (its clips are noise) that runs in seconds on any computer: try every part of the app before downloading a real model</source>
        <translation>一个使用随机权重的小模型（生成的片段是噪声），在任何电脑上几秒即可运行：在下载真实模型之前先试用应用的各项功能</translation>
    </message>
</context>
<context>
    <name>ModelDownloadDialog</name>
    <message>
        <source>This build of Framesmith cannot download: it was built without libcurl. `huggingface-cli download` fills the same cache.</source>
        <translation>此版本的 Framesmith 无法下载：构建时没有 libcurl。`huggingface-cli download` 会写入同一个缓存。</translation>
    </message>
    <message>
        <source>Download models</source>
        <translation>下载模型</translation>
    </message>
    <message>
        <source>Models of the supported families, as published on the Hugging Face Hub. They are saved in the Hugging Face cache, where Framesmith and other tools find them. An interrupted download continues where it stopped.</source>
        <translation>受支持的模型系列在 Hugging Face Hub 上发布的模型。它们保存在 Hugging Face 缓存中，Framesmith 和其他工具都能找到。中断的下载会从停下的地方继续。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Download size</source>
        <translation>下载大小</translation>
    </message>
    <message>
        <source>Hub repositories: %1</source>
        <translation>Hub 仓库：%1</translation>
    </message>
    <message>
        <source>Image to video</source>
        <translation>图生视频</translation>
    </message>
    <message>
        <source>Text to video</source>
        <translation>文生视频</translation>
    </message>
    <message>
        <source>%1 billion</source>
        <translation>%1 十亿</translation>
    </message>
    <message>
        <source>Hub &amp;token:</source>
        <translation>Hub 令牌(&amp;T)：</translation>
    </message>
    <message>
        <source>Only for gated or private models (hf_…)</source>
        <translation>仅受限或私有模型需要（hf_…）</translation>
    </message>
    <message>
        <source>Using the token from HF_TOKEN or the Hugging Face token file</source>
        <translation>正在使用 HF_TOKEN 或 Hugging Face 令牌文件中的令牌</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>下载(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Cancel download</source>
        <translation>取消下载(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Open this model</source>
        <translation>打开此模型(&amp;O)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>asking the Hub…</source>
        <translation>正在询问 Hub…</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <source>Asking the Hub for the files of %1…</source>
        <translation>正在向 Hub 查询 %1 的文件…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/秒</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>约剩 %1</translation>
    </message>
    <message>
        <source>measuring the speed…</source>
        <translation>正在测量速度…</translation>
    </message>
    <message>
        <source>File %1 of %2: %3</source>
        <translation>第 %1 个文件，共 %2 个：%3</translation>
    </message>
    <message>
        <source>Done: %1 downloaded and checked. The model is in %2.</source>
        <translation>完成：已下载并校验 %1。模型位于 %2。</translation>
    </message>
    <message>
        <source>Already downloaded: every file was in the cache (%1).</source>
        <translation>已下载：所有文件都已在缓存中（%1）。</translation>
    </message>
    <message>
        <source>This model needs a Hugging Face token: accept its license on the model page (signed in), then enter a token above.</source>
        <translation>此模型需要 Hugging Face 令牌：请登录后在模型页面上接受其许可，然后在上方输入令牌。</translation>
    </message>
    <message>
        <source>The download stopped; what was fetched is kept and continues next time.</source>
        <translation>下载已停止；已获取的部分会保留，下次继续。</translation>
    </message>
    <message>
        <source>Download cancelled. What was fetched is kept: Download continues from there.</source>
        <translation>下载已取消。已获取的部分会保留：再次下载会从那里继续。</translation>
    </message>
</context>
<context>
    <name>ModelDownloadMenu</name>
    <message>
        <source>&amp;Download models…</source>
        <translation>下载模型(&amp;D)…</translation>
    </message>
    <message>
        <source>Download models from the Hugging Face Hub into its cache</source>
        <translation>从 Hugging Face Hub 下载模型到其缓存</translation>
    </message>
</context>
<context>
    <name>ModelUnloader</name>
    <message>
        <source>Model unloaded: its memory is free again</source>
        <translation>模型已卸载：它占用的内存已释放</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>卸载模型</translation>
    </message>
    <message>
        <source>Free the loaded model now (%1 GiB of weights kept between runs)</source>
        <translation>立即释放已加载的模型（两次生成之间保留了 %1 GiB 权重）</translation>
    </message>
    <message>
        <source>Free the loaded model now</source>
        <translation>立即释放已加载的模型</translation>
    </message>
</context>
<context>
    <name>ParametersPanel</name>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Memory &amp;preset:</source>
        <translation>内存预设(&amp;P)：</translation>
    </message>
    <message>
        <source>Right-click one of your own presets to rename it, delete it or show its file</source>
        <translation>右键单击您自己的预设可重命名、删除或显示其文件</translation>
    </message>
    <message>
        <source>Customi&amp;ze…</source>
        <translation>自定义(&amp;Z)…</translation>
    </message>
    <message>
        <source>Make your own memory preset from this one</source>
        <translation>以此为基础创建您自己的内存预设</translation>
    </message>
    <message>
        <source>Plan for a &amp;GPU of:</source>
        <translation>按此 GPU 显存估算(&amp;G)：</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>No GPU was found here: the forecast is for a GPU of this size</source>
        <translation>本机未找到 GPU：预估按此显存大小的 GPU 计算</translation>
    </message>
    <message>
        <source>&amp;Frames:</source>
        <translation>帧数(&amp;F)：</translation>
    </message>
    <message>
        <source>F&amp;PS:</source>
        <translation>帧率(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>宽度(&amp;W)：</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>高度(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Steps:</source>
        <translation>步数(&amp;S)：</translation>
    </message>
    <message>
        <source>Denoising steps (50 is the reference)</source>
        <translation>去噪步数（参考值为 50）</translation>
    </message>
    <message>
        <source>G&amp;uidance:</source>
        <translation>引导系数(&amp;U)：</translation>
    </message>
    <message>
        <source>Classifier-free guidance scale</source>
        <translation>无分类器引导（CFG）强度</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>随机种子(&amp;E)：</translation>
    </message>
    <message>
        <source>Same seed, same request, same clip</source>
        <translation>相同的种子和请求会生成相同的片段</translation>
    </message>
    <message>
        <source>Randomize</source>
        <translation>随机</translation>
    </message>
    <message>
        <source>Pick a new random seed</source>
        <translation>随机选取一个新种子</translation>
    </message>
    <message>
        <source>S&amp;cheduler:</source>
        <translation>调度器(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>生成(&amp;G)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Model default</source>
        <translation>模型默认</translation>
    </message>
    <message>
        <source>This model only runs at %1 × %2 px</source>
        <translation>此模型只能以 %1 × %2 像素运行</translation>
    </message>
    <message>
        <source>A multiple of %1 px, %2 to %3</source>
        <translation>%1 像素的倍数，%2 到 %3</translation>
    </message>
    <message>
        <source>Frame counts this model accepts: %1</source>
        <translation>此模型接受的帧数：%1</translation>
    </message>
    <message>
        <source>Add to &amp;queue</source>
        <translation>加入队列(&amp;Q)</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Spee&amp;d:</source>
        <translation>速度(&amp;D)：</translation>
    </message>
</context>
<context>
    <name>PlannedGpusEditor</name>
    <message>
        <source>How many GPUs the forecast plans a multi-GPU preset for, where this computer has fewer than two</source>
        <translation>本机 GPU 少于两块时，多 GPU 预设按多少块 GPU 估算</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>The memory of each planned GPU</source>
        <translation>每块估算 GPU 的显存</translation>
    </message>
    <message>
        <source>GPUs of</source>
        <translation>块 GPU，每块</translation>
    </message>
</context>
<context>
    <name>PresetChoices</name>
    <message>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>Chooses a preset from the GPUs and free memory it finds</source>
        <translation>根据检测到的 GPU 和可用显存自动选择预设</translation>
    </message>
    <message>
        <source>24 GB single GPU</source>
        <translation>24 GB 单 GPU</translation>
    </message>
    <message>
        <source>One 24 GB card: bf16, VAE tiling, text encoder released after use</source>
        <translation>单张 24 GB 显卡：bf16、VAE 分块，文本编码器用后释放</translation>
    </message>
    <message>
        <source>Multi-GPU balanced</source>
        <translation>多 GPU 均衡</translation>
    </message>
    <message>
        <source>Spreads the components and blocks over every GPU by free memory</source>
        <translation>按可用显存将组件和模块分布到所有 GPU</translation>
    </message>
    <message>
        <source>Low memory</source>
        <translation>低内存</translation>
    </message>
    <message>
        <source>Streams transformer blocks from system RAM: slow but fits small cards</source>
        <translation>从系统内存流式加载 Transformer 模块：较慢，但可在小显存显卡上运行</translation>
    </message>
    <message>
        <source>Max speed</source>
        <translation>最快速度</translation>
    </message>
    <message>
        <source>Everything resident on the GPU, no offloading: needs the most memory</source>
        <translation>全部常驻 GPU，不卸载：需要最多显存</translation>
    </message>
    <message>
        <source>Cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
</context>
<context>
    <name>PresetEditorDialog</name>
    <message>
        <source>Customize memory preset</source>
        <translation>自定义内存预设</translation>
    </message>
    <message>
        <source>bf16 (recommended)</source>
        <translation>bf16（推荐）</translation>
    </message>
    <message>
        <source>fp16</source>
        <translation>fp16</translation>
    </message>
    <message>
        <source>fp32 (most memory)</source>
        <translation>fp32（占用内存最多）</translation>
    </message>
    <message>
        <source>Transformer blocks loaded ahead while streaming: more is faster and uses more GPU memory</source>
        <translation>流式加载时提前载入的 Transformer 模块数：越多越快，占用显存也越多</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>high ×</source>
        <translation>高 ×</translation>
    </message>
    <message>
        <source>wide</source>
        <translation>宽</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation>说明(&amp;D)：</translation>
    </message>
    <message>
        <source>Compute &amp;type:</source>
        <translation>计算精度(&amp;T)：</translation>
    </message>
    <message>
        <source>Blocks loaded &amp;ahead:</source>
        <translation>预载模块数(&amp;A)：</translation>
    </message>
    <message>
        <source>VAE &amp;tile size:</source>
        <translation>VAE 分块大小(&amp;T)：</translation>
    </message>
    <message>
        <source>Strategies</source>
        <translation>策略</translation>
    </message>
    <message>
        <source>%1
(%2)</source>
        <translation>%1
（%2）</translation>
    </message>
    <message>
        <source>Could not open preset &quot;%1&quot;: %2</source>
        <translation>无法打开预设“%1”：%2</translation>
    </message>
    <message>
        <source>Could not save the preset: %1</source>
        <translation>无法保存预设：%1</translation>
    </message>
    <message>
        <source>Forecast: %1</source>
        <translation>预估：%1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be combined with %2, so that was unticked: both set the same lever differently.</source>
        <translation>“%1”不能与%2同时使用，因此已取消后者：二者对同一设置的要求相互矛盾。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>Left free on every GPU for other programs (browser, desktop, another app); the plan uses only the rest</source>
        <translation>为其他程序（浏览器、桌面、其他应用）在每块 GPU 上保留的空闲显存；规划只使用剩余部分</translation>
    </message>
    <message>
        <source>Keep &amp;free on each GPU:</source>
        <translation>每块 GPU 保留空闲(&amp;F)：</translation>
    </message>
    <message>
        <source>Letters A-Z, digits, spaces, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;; this is also the name the command line uses</source>
        <translation>字母 A-Z、数字、空格、“-”、“_”和“.”；命令行也使用此名称</translation>
    </message>
    <message>
        <source>Plan for &amp;GPUs not here:</source>
        <translation>按本机没有的 &amp;GPU 估算：</translation>
    </message>
</context>
<context>
    <name>PresetNames</name>
    <message>
        <source>Give the preset a name.</source>
        <translation>请为预设命名。</translation>
    </message>
    <message>
        <source>The name is %1 characters long; at most %2 fit.</source>
        <translation>名称长 %1 个字符；最多允许 %2 个。</translation>
    </message>
    <message>
        <source>A preset name cannot start with &apos;.&apos;.</source>
        <translation>预设名称不能以“.”开头。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset and cannot be changed: choose another name.</source>
        <translation>“%1”是内置预设，无法修改：请换一个名称。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has characters a preset name cannot have: use letters A-Z, digits, spaces, &apos;-&apos;, &apos;_&apos; and &apos;.&apos; (the name is also the preset&apos;s file name and the command line&apos;s --preset).</source>
        <translation>“%1”含有预设名称不允许的字符：请使用字母 A-Z、数字、空格、“-”、“_”和“.”（该名称也是预设的文件名和命令行的 --preset）。</translation>
    </message>
    <message>
        <source>A preset name cannot start or end with a space.</source>
        <translation>预设名称不能以空格开头或结尾。</translation>
    </message>
</context>
<context>
    <name>PreviewPlayer</name>
    <message>
        <source>Previous frame (Left)</source>
        <translation>上一帧（左方向键）</translation>
    </message>
    <message>
        <source>Play/pause (Space)</source>
        <translation>播放/暂停（空格）</translation>
    </message>
    <message>
        <source>Next frame (Right)</source>
        <translation>下一帧（右方向键）</translation>
    </message>
    <message>
        <source> fps</source>
        <translation> 帧/秒</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <source>100 %</source>
        <translation>100 %</translation>
    </message>
    <message>
        <source>Show pixels 1:1 instead of fitting the view</source>
        <translation>按 1:1 显示像素，而不是适应视图</translation>
    </message>
    <message>
        <source>Forming…</source>
        <translation>正在成形…</translation>
    </message>
    <message>
        <source>no frames</source>
        <translation>无帧</translation>
    </message>
    <message>
        <source>%1 / %2  ·  %3 s / %4 s</source>
        <translation>%1 / %2  ·  %3 秒 / %4 秒</translation>
    </message>
    <message>
        <source>%1 / %2 · %3 s</source>
        <translation>%1 / %2 · %3 秒</translation>
    </message>
</context>
<context>
    <name>PromptPanel</name>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Describe the clip: subject, action, setting, camera, light…</source>
        <translation>描述片段：主体、动作、场景、镜头、光线…</translation>
    </message>
    <message>
        <source>No prompt: the clip will not follow any description (unconditioned).</source>
        <translation>没有提示词：片段不会遵循任何描述（无条件生成）。</translation>
    </message>
    <message>
        <source>&amp;Negative prompt:</source>
        <translation>反向提示词(&amp;N)：</translation>
    </message>
    <message>
        <source>What to avoid (optional)</source>
        <translation>需要避免的内容（可选）</translation>
    </message>
    <message>
        <source>Start image</source>
        <translation>起始图像</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>No model folder chosen</source>
        <translation>尚未选择模型文件夹</translation>
    </message>
    <message>
        <source>%1 / %2 tokens</source>
        <translation>%1 / %2 个词元</translation>
    </message>
    <message>
        <source>The model reads the first %1 tokens: the end of the prompt is cut off</source>
        <translation>模型只读取前 %1 个词元：提示词末尾会被截断</translation>
    </message>
    <message>
        <source>The model reads up to %1 tokens of the prompt</source>
        <translation>模型最多读取提示词的 %1 个词元</translation>
    </message>
    <message>
        <source>Not a model folder: %1</source>
        <translation>不是模型文件夹：%1</translation>
    </message>
    <message>
        <source>%1: checking every file…</source>
        <translation>%1：正在检查所有文件…</translation>
    </message>
    <message numerus="yes">
        <source>%1 cannot run, %n file(s) missing or damaged: %2</source>
        <translation>
            <numerusform>%1 无法运行，%n 个文件缺失或损坏：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder of a video model (its family is recognised from its files)</source>
        <translation>视频模型所在的文件夹（根据其文件识别模型系列）</translation>
    </message>
    <message>
        <source>%1, image-to-video: frames %2</source>
        <translation>%1，图像生成视频：帧数 %2</translation>
    </message>
    <message>
        <source>%1, text-to-video: frames %2</source>
        <translation>%1，文本生成视频：帧数 %2</translation>
    </message>
    <message>
        <source>This model guides with its own empty caption: no negative prompt</source>
        <translation>此模型以自带的空描述进行引导：不使用负向提示词</translation>
    </message>
    <message>
        <source>&lt;b&gt;Demo model:&lt;/b&gt; random weights, the output is noise. Real clips need real weights: &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;</source>
        <translation>&lt;b&gt;演示模型：&lt;/b&gt;随机权重，输出只是噪声。要生成真正的片段需要真实权重：&lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Generate without the reference videos and images</source>
        <translation>不使用参考视频和图像进行生成</translation>
    </message>
    <message>
        <source>%1, text or image to video: frames %2</source>
        <translation>%1，文本或图像生成视频：帧数 %2</translation>
    </message>
    <message numerus="yes">
        <source>Also conditioned on %n reference(s) (%1), mask strategy &quot;%2&quot;</source>
        <translation>
            <numerusform>另以 %n 个参考素材（%1）为条件，遮罩策略“%2”</numerusform>
        </translation>
    </message>
    <message>
        <source>No model chosen yet: pick one in the list, Browse for a folder, or try the demo model.</source>
        <translation>尚未选择模型：从列表中选择、浏览文件夹，或试用演示模型。</translation>
    </message>
</context>
<context>
    <name>QueueDock</name>
    <message>
        <source>The form cannot run as it is: the job keeps its settings</source>
        <translation>当前表单无法运行：该任务保留原有设置</translation>
    </message>
    <message>
        <source>The queued job now has the form&apos;s settings</source>
        <translation>队列中的任务已采用表单中的设置</translation>
    </message>
    <message>
        <source>Add the clip to the render queue; it runs after the jobs before it (Ctrl+Shift+Return)</source>
        <translation>将片段加入渲染队列；它会在前面的任务完成后运行（Ctrl+Shift+Return）</translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) added to the queue</source>
        <translation>
            <numerusform>已将 %n 个任务加入队列</numerusform>
        </translation>
    </message>
    <message>
        <source>Variations are made from the form, which cannot run as it is</source>
        <translation>变体由表单生成，但当前表单无法运行</translation>
    </message>
    <message>
        <source>Queue</source>
        <translation>队列</translation>
    </message>
    <message numerus="yes">
        <source>Submitting %n job(s) to partition %1…</source>
        <translation>
            <numerusform>正在向分区 %1 提交 %n 个任务…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) sent to the farm as array %1 (framesmith-cli farm status %1)</source>
        <translation>
            <numerusform>已将 %n 个任务作为作业数组 %1 发送到渲染农场（framesmith-cli farm status %1）</numerusform>
        </translation>
    </message>
    <message>
        <source>Send queue to farm</source>
        <translation>发送队列到渲染农场</translation>
    </message>
    <message>
        <source>The queue was not sent to the farm.</source>
        <translation>队列未发送到渲染农场。</translation>
    </message>
</context>
<context>
    <name>QueuePanel</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Planned peak</source>
        <translation>预计峰值</translation>
    </message>
    <message>
        <source>Move &amp;up</source>
        <translation>上移(&amp;U)</translation>
    </message>
    <message>
        <source>Move &amp;down</source>
        <translation>下移(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Load into form</source>
        <translation>载入表单(&amp;L)</translation>
    </message>
    <message>
        <source>Put this job&apos;s settings on the form (double-click does the same)</source>
        <translation>将此任务的设置放到表单上（双击效果相同）</translation>
    </message>
    <message>
        <source>&amp;Update from form</source>
        <translation>用表单更新(&amp;U)</translation>
    </message>
    <message>
        <source>The waiting job takes the settings now on the form</source>
        <translation>等待中的任务改用表单上当前的设置</translation>
    </message>
    <message>
        <source>&amp;Cancel job</source>
        <translation>取消任务(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Pause queue</source>
        <translation>暂停队列(&amp;P)</translation>
    </message>
    <message>
        <source>While paused no new job starts; a running job finishes</source>
        <translation>暂停期间不会开始新任务；正在运行的任务会继续完成</translation>
    </message>
    <message>
        <source>&amp;Variations…</source>
        <translation>变体(&amp;V)…</translation>
    </message>
    <message>
        <source>Queue several seeds or prompts made from the form</source>
        <translation>根据表单将多个种子或提示词加入队列</translation>
    </message>
    <message>
        <source>Clear &amp;finished</source>
        <translation>清除已结束(&amp;F)</translation>
    </message>
    <message>
        <source>On the farm (%1)</source>
        <translation>在渲染农场上（%1）</translation>
    </message>
    <message>
        <source>On the farm</source>
        <translation>在渲染农场上</translation>
    </message>
    <message>
        <source>Send to &amp;farm…</source>
        <translation>发送到渲染农场(&amp;F)…</translation>
    </message>
    <message>
        <source>Render the waiting jobs on a Slurm cluster instead of this machine</source>
        <translation>在 Slurm 集群而不是本机上渲染等待中的任务</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>种子</translation>
    </message>
</context>
<context>
    <name>QueueStore</name>
    <message>
        <source>not a queue job (%1)</source>
        <translation>不是队列任务（%1）</translation>
    </message>
    <message>
        <source>unknown state &quot;%1&quot;</source>
        <translation>未知状态“%1”</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>Queue job %1 skipped: %2</source>
        <translation>已跳过队列任务 %1：%2</translation>
    </message>
    <message>
        <source>Cannot create the queue folder %1</source>
        <translation>无法创建队列文件夹 %1</translation>
    </message>
    <message>
        <source>Cannot save the queue job %1: %2</source>
        <translation>无法保存队列任务 %1：%2</translation>
    </message>
</context>
<context>
    <name>RunControls</name>
    <message>
        <source>Stop the run?</source>
        <translation>停止运行？</translation>
    </message>
    <message>
        <source>Stop after the step under way?</source>
        <translation>在当前步骤完成后停止？</translation>
    </message>
    <message>
        <source>Stop decoding the clip?</source>
        <translation>停止解码片段？</translation>
    </message>
    <message>
        <source>The run is kept in the history: Resume continues it at the next step.</source>
        <translation>运行会保留在历史记录中：“继续”会从下一步接着运行。</translation>
    </message>
    <message>
        <source>The denoised latents stay in the history (right-click: Decode again), but no clip is made now.</source>
        <translation>去噪后的潜变量保留在历史记录中（右键：重新解码），但现在不会生成片段。</translation>
    </message>
    <message>
        <source>Nothing has been denoised yet.</source>
        <translation>尚未完成任何去噪步骤。</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Keep running</source>
        <translation>继续运行(&amp;K)</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>A clip is being generated</source>
        <translation>正在生成片段</translation>
    </message>
    <message>
        <source>Generate the clip (Ctrl+Return)</source>
        <translation>生成片段（Ctrl+Return）</translation>
    </message>
    <message>
        <source>Stop the run: while denoising it stops after the step under way and stays in the history, where Resume continues it (Esc asks first)</source>
        <translation>停止运行：去噪时会在当前步骤完成后停止并保留在历史记录中，可用“继续”接着运行（按 Esc 会先询问）</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Nothing is running</source>
        <translation>当前没有正在运行的任务</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Continue the paused run at step %1 of %2</source>
        <translation>从第 %1 步（共 %2 步）继续已暂停的运行</translation>
    </message>
    <message>
        <source>Finish the current step, save the run to disk and free the GPU; Resume continues it at the same step</source>
        <translation>完成当前步骤后将运行保存到磁盘并释放 GPU；“继续”会从同一步接着运行</translation>
    </message>
    <message>
        <source>Pausing after the step under way…</source>
        <translation>当前步骤完成后暂停…</translation>
    </message>
</context>
<context>
    <name>RunLauncher</name>
    <message>
        <source>No prompt</source>
        <translation>没有提示词</translation>
    </message>
    <message>
        <source>Generate without a prompt?</source>
        <translation>不使用提示词生成？</translation>
    </message>
    <message>
        <source>Without a description the clip follows nothing in particular (an unconditioned clip).</source>
        <translation>没有描述时，片段不会遵循任何特定内容（无条件生成）。</translation>
    </message>
    <message>
        <source>&amp;Generate anyway</source>
        <translation>仍然生成(&amp;G)</translation>
    </message>
    <message>
        <source>Generating…</source>
        <translation>正在生成…</translation>
    </message>
    <message>
        <source>Nothing is running</source>
        <translation>当前没有正在运行的任务</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>正在停止…</translation>
    </message>
    <message>
        <source>Stopping denoising after this step; the clip will be decoded…</source>
        <translation>将在本步骤后停止去噪；随后解码片段…</translation>
    </message>
    <message>
        <source>The memory trace was not saved: %1</source>
        <translation>内存记录未保存：%1</translation>
    </message>
    <message>
        <source>Clip ready after %1 of %2 steps (stopped early), %3 s</source>
        <translation>片段已就绪：完成 %2 步中的 %1 步（提前停止），用时 %3 秒</translation>
    </message>
    <message>
        <source>Clip ready: %1 frames in %2 s</source>
        <translation>片段已就绪：%1 帧，用时 %2 秒</translation>
    </message>
    <message>
        <source>Generation failed</source>
        <translation>生成失败</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n step(s)</source>
        <translation>
            <numerusform>已在 %n 步后取消</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The denoised latents were kept, so the %n denoising step(s) are not lost. Decode them again with other VAE settings (smaller tiles use less memory).</source>
        <translation>
            <numerusform>去噪后的潜变量已保留，%n 个去噪步骤没有丢失。可用其他 VAE 设置重新解码（更小的分块占用更少内存）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Decode &amp;again…</source>
        <translation>重新解码(&amp;A)…</translation>
    </message>
    <message>
        <source>; the latents are kept in the history (right-click: Decode again)</source>
        <translation>；潜变量已保留在历史记录中（右键：重新解码）</translation>
    </message>
    <message>
        <source>A clip is being generated</source>
        <translation>正在生成视频</translation>
    </message>
    <message>
        <source>Decoding the kept latents…</source>
        <translation>正在解码保留的潜变量…</translation>
    </message>
    <message>
        <source>Decoding the latents of the interrupted queue job…</source>
        <translation>正在解码中断的队列任务的潜变量…</translation>
    </message>
    <message>
        <source>Pausing after this step…</source>
        <translation>将在这一步完成后暂停…</translation>
    </message>
    <message numerus="yes">
        <source>Paused after %n step(s): the run is saved and the GPU memory is free; Resume continues it</source>
        <translation>
            <numerusform>已在 %n 步后暂停：运行已保存，GPU 内存已释放；点“继续”接着运行</numerusform>
        </translation>
    </message>
    <message>
        <source>Resuming the paused run at step %1…</source>
        <translation>正在从第 %1 步继续已暂停的运行…</translation>
    </message>
    <message>
        <source>A run is under way: resume the paused one when it ends</source>
        <translation>正在运行：请在它结束后再继续已暂停的运行</translation>
    </message>
    <message>
        <source>Stopping after this step; the run is kept in the history and can be resumed…</source>
        <translation>此步骤完成后停止；运行会保留在历史记录中，可以继续…</translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n step(s): the run is kept in the history; Resume continues it</source>
        <translation>
            <numerusform>已在 %n 步后停止：运行保留在历史记录中；“继续”可接着运行</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunPresenter</name>
    <message>
        <source>Loading the model</source>
        <translation>正在加载模型</translation>
    </message>
    <message>
        <source>Encoding the prompt</source>
        <translation>正在编码提示词</translation>
    </message>
    <message>
        <source>Denoising</source>
        <translation>去噪</translation>
    </message>
    <message>
        <source>Decoding frames</source>
        <translation>正在解码帧</translation>
    </message>
    <message>
        <source>Saving the clip</source>
        <translation>正在保存片段</translation>
    </message>
    <message>
        <source>Working</source>
        <translation>处理中</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>Step %1/%2 · ETA %3</source>
        <translation>第 %1/%2 步 · 预计剩余 %3</translation>
    </message>
    <message>
        <source>Last step took %1</source>
        <translation>上一步用时 %1</translation>
    </message>
    <message>
        <source>Step %1/%2</source>
        <translation>第 %1/%2 步</translation>
    </message>
    <message>
        <source>Part %1 of %2</source>
        <translation>第 %1 部分，共 %2 部分</translation>
    </message>
    <message numerus="yes">
        <source>The decoder works through the clip in %n part(s): tiles of the picture and batches of frames</source>
        <translation>
            <numerusform>解码器分 %n 部分处理片段：画面分块和帧批次</numerusform>
        </translation>
    </message>
    <message>
        <source>Decoding: part %1 of %2</source>
        <translation>正在解码：第 %1 部分，共 %2 部分</translation>
    </message>
</context>
<context>
    <name>RunQuitGuard</name>
    <message>
        <source>A clip is being generated</source>
        <translation>正在生成片段</translation>
    </message>
    <message>
        <source>Quit while a clip is being generated?</source>
        <translation>正在生成片段，确定要退出吗？</translation>
    </message>
    <message>
        <source>Stopping keeps the denoised latents on disk, so the run can be finished later; nothing is lost either way.</source>
        <translation>停止时会将已去噪的潜变量保存到磁盘，之后可以继续完成；无论哪种方式都不会丢失工作。</translation>
    </message>
    <message>
        <source>&amp;Keep running</source>
        <translation>继续运行(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Stop and keep the latents</source>
        <translation>停止并保留潜变量(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
</context>
<context>
    <name>SpeedChoices</name>
    <message>
        <source>Quality</source>
        <translation>质量优先</translation>
    </message>
    <message>
        <source>Skips the later transformer blocks of a step only when the first block&apos;s output barely changed since the last full step</source>
        <translation>仅当第一个块的输出自上次完整计算以来几乎没有变化时，才跳过该步中其后的 Transformer 块</translation>
    </message>
    <message>
        <source>Balanced</source>
        <translation>均衡</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>快速</translation>
    </message>
    <message>
        <source>Runs the whole transformer only every third step (and the first two and the last); the steps between reuse the later blocks&apos; residual</source>
        <translation>每三步才完整运行一次 Transformer（另加前两步和最后一步）；其间各步复用后面各块的残差</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Every step runs every block: the exact result</source>
        <translation>每一步都运行所有块：结果精确</translation>
    </message>
    <message>
        <source>%1 (not measured for this model family)</source>
        <translation>%1（此模型家族尚未测量）</translation>
    </message>
    <message>
        <source>Runs the whole transformer every second step (and the first two and the last); the steps between reuse the later blocks&apos; residual</source>
        <translation>每两步完整运行一次 Transformer（另加前两步和最后一步）；其间各步复用后面各块的残差</translation>
    </message>
    <message>
        <source>no faster on this machine</source>
        <translation>在本机上并不更快</translation>
    </message>
    <message>
        <source>about %1× faster</source>
        <translation>约快 %1 倍</translation>
    </message>
    <message>
        <source>identical video</source>
        <translation>视频完全相同</translation>
    </message>
    <message>
        <source>no visible change</source>
        <translation>看不出变化</translation>
    </message>
    <message>
        <source>small changes in detail</source>
        <translation>细节略有变化</translation>
    </message>
    <message>
        <source>visible changes in detail</source>
        <translation>细节有明显变化</translation>
    </message>
    <message>
        <source>large changes</source>
        <translation>变化很大</translation>
    </message>
    <message>
        <source>%1 — %2, %3</source>
        <translation>%1 — %2，%3</translation>
    </message>
    <message>
        <source>video PSNR %1 dB</source>
        <translation>视频峰值信噪比 %1 dB</translation>
    </message>
    <message>
        <source>video identical</source>
        <translation>视频完全相同</translation>
    </message>
    <message>
        <source>Measured by bench_step_cache on %1 against the uncached run with the same seed: denoising took %2× the speed, %3, the later blocks ran in %4 of %5 step passes, final latents differ by %6 % (relative L2)</source>
        <translation>由 bench_step_cache 在 %1 上与相同种子的无缓存运行对比测得：去噪速度为 %2 倍，%3，后面的块在 %5 次步计算中运行了 %4 次，最终潜变量相差 %6 %（相对 L2）</translation>
    </message>
</context>
<context>
    <name>StartImageGuard</name>
    <message>
        <source>Start image too large</source>
        <translation>起始图像过大</translation>
    </message>
    <message>
        <source>%1 is %2 × %3 pixels (%4 million); a start image may have at most %5 million.</source>
        <translation>%1 为 %2 × %3 像素（%4 百万像素）；起始图像最多只能有 %5 百万像素。</translation>
    </message>
    <message>
        <source>Use a copy resized to %1 × %2 (it covers the clip&apos;s %3 × %4)? The original file is not changed.</source>
        <translation>使用缩放到 %1 × %2 的副本（覆盖片段的 %3 × %4）？原文件不会被修改。</translation>
    </message>
    <message>
        <source>&amp;Resize and use</source>
        <translation>缩放并使用(&amp;R)</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>Start image</source>
        <translation>起始图像</translation>
    </message>
    <message>
        <source>The start image could not be resized.</source>
        <translation>无法缩放起始图像。</translation>
    </message>
    <message>
        <source>%1 cannot be used as a start image: it could not be read as an image.</source>
        <translation>%1 无法用作起始图像：无法作为图像读取。</translation>
    </message>
    <message>
        <source>Save it as an 8-bit PNG or JPEG about the clip&apos;s size and choose it again.</source>
        <translation>请将其另存为与片段尺寸相近的 8 位 PNG 或 JPEG，然后重新选择。</translation>
    </message>
</context>
<context>
    <name>StepTimeText</name>
    <message>
        <source> (streams %1 s of weights per step)</source>
        <translation>（每步传输权重 %1 秒）</translation>
    </message>
    <message>
        <source>about %1 s/step</source>
        <translation>约 %1 秒/步</translation>
    </message>
    <message>
        <source>%1–%2 s/step (not measured here yet)</source>
        <translation>%1–%2 秒/步（本机尚未实测）</translation>
    </message>
    <message>
        <source>Speed: %1, from the steps the last run of this model took on this computer</source>
        <translation>速度：%1，来自此模型上次在本机运行时各步的实测耗时</translation>
    </message>
    <message>
        <source>Speed: %1. The low end is the step&apos;s arithmetic at this device&apos;s matmul rate; small and mid-size models spend much of a step elsewhere. The first run of this model here measures it, and the forecast then gives one figure.</source>
        <translation>速度：%1。下限是按本设备矩阵乘法速率计算的每步运算量；中小模型每步的大部分时间花在别处。此模型在本机首次运行时会实测，之后预估只给出一个数值。</translation>
    </message>
</context>
<context>
    <name>StrategyLabels</name>
    <message>
        <source>Expandable allocator segments</source>
        <translation>可扩展的分配器内存段</translation>
    </message>
    <message>
        <source>Less fragmentation, less GPU memory wasted by the allocator</source>
        <translation>减少碎片，分配器浪费的显存更少</translation>
    </message>
    <message>
        <source>Release memory between stages</source>
        <translation>阶段之间释放显存</translation>
    </message>
    <message>
        <source>Return cached GPU memory to the driver after each stage</source>
        <translation>每个阶段结束后将缓存的显存归还给驱动</translation>
    </message>
    <message>
        <source>Release memory every step</source>
        <translation>每步释放显存</translation>
    </message>
    <message>
        <source>Return cached GPU memory after every denoising step (slower, steadier)</source>
        <translation>每个去噪步骤后归还缓存的显存（较慢，更稳定）</translation>
    </message>
    <message>
        <source>Text encoder on the GPU, then released</source>
        <translation>文本编码器在 GPU 上运行后释放</translation>
    </message>
    <message>
        <source>Encode the prompt on the GPU, then free that memory before denoising</source>
        <translation>在 GPU 上编码提示词，去噪前释放这部分显存</translation>
    </message>
    <message>
        <source>Text encoder on the CPU</source>
        <translation>文本编码器在 CPU 上运行</translation>
    </message>
    <message>
        <source>Encode the prompt on the CPU: slower, uses no GPU memory</source>
        <translation>在 CPU 上编码提示词：较慢，不占用显存</translation>
    </message>
    <message>
        <source>Transformer stays on the GPU</source>
        <translation>Transformer 常驻 GPU</translation>
    </message>
    <message>
        <source>Keep the whole transformer on the GPU from the first step to the last</source>
        <translation>从第一步到最后一步，整个 Transformer 都保留在 GPU 上</translation>
    </message>
    <message>
        <source>Model offload</source>
        <translation>模型卸载</translation>
    </message>
    <message>
        <source>Keep every component in RAM and move it to the GPU only for its own stage</source>
        <translation>所有组件保存在内存中，只在各自的阶段移到 GPU</translation>
    </message>
    <message>
        <source>Stream transformer blocks</source>
        <translation>流式加载 Transformer 模块</translation>
    </message>
    <message>
        <source>Stream transformer blocks from RAM, loading the next ones ahead of time</source>
        <translation>从内存流式加载 Transformer 模块，并提前载入后续模块</translation>
    </message>
    <message>
        <source>Store weights in fp8</source>
        <translation>以 fp8 存储权重</translation>
    </message>
    <message>
        <source>Transformer weights in one byte each, computed in bf16: half the weight memory, small quality cost</source>
        <translation>Transformer 权重每个占一个字节，以 bf16 计算：权重内存减半，画质略有损失</translation>
    </message>
    <message>
        <source>Store weights in int8</source>
        <translation>以 int8 存储权重</translation>
    </message>
    <message>
        <source>Transformer weights as int8 with per-channel scales, computed in bf16</source>
        <translation>Transformer 权重以 int8 加逐通道缩放存储，以 bf16 计算</translation>
    </message>
    <message>
        <source>Decode in tiles</source>
        <translation>分块解码</translation>
    </message>
    <message>
        <source>Decode the video in overlapping spatial tiles</source>
        <translation>将视频按相互重叠的空间分块解码</translation>
    </message>
    <message>
        <source>Decode in small tiles</source>
        <translation>小分块解码</translation>
    </message>
    <message>
        <source>Decode in small 144 x 200 pixel tiles (for 8-12 GB cards)</source>
        <translation>以 144 x 200 像素的小分块解码（适合 8-12 GB 显卡）</translation>
    </message>
    <message>
        <source>Decode one clip at a time</source>
        <translation>逐个片段解码</translation>
    </message>
    <message>
        <source>Decode one clip of a batch at a time</source>
        <translation>批次中的片段逐个解码</translation>
    </message>
    <message>
        <source>Spread over all GPUs</source>
        <translation>分布到所有 GPU</translation>
    </message>
    <message>
        <source>Spread components and transformer blocks over every GPU by free memory</source>
        <translation>按可用显存将组件和 Transformer 模块分布到每个 GPU</translation>
    </message>
    <message>
        <source>Guidance on two GPUs</source>
        <translation>引导在两块 GPU 上并行</translation>
    </message>
    <message>
        <source>Run the conditional and unconditional halves of guidance on two GPUs</source>
        <translation>在两块 GPU 上分别运行引导的有条件和无条件部分</translation>
    </message>
    <message>
        <source>Smaller decode tiles</source>
        <translation>更小的解码分块</translation>
    </message>
    <message>
        <source>Decode in tiles smaller than the preset&apos;s</source>
        <translation>以比预设更小的分块解码</translation>
    </message>
</context>
<context>
    <name>UserPresetActions</name>
    <message>
        <source>&amp;Rename…</source>
        <translation>重命名(&amp;R)…</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>在文件夹中显示(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>删除(&amp;D)…</translation>
    </message>
    <message>
        <source>Rename preset</source>
        <translation>重命名预设</translation>
    </message>
    <message>
        <source>New name for &quot;%1&quot;:</source>
        <translation>“%1”的新名称：</translation>
    </message>
    <message>
        <source>The preset was not renamed.</source>
        <translation>预设未重命名。</translation>
    </message>
    <message>
        <source>A preset named &quot;%1&quot; exists already.</source>
        <translation>已存在名为“%1”的预设。</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>删除预设</translation>
    </message>
    <message>
        <source>Delete the preset &quot;%1&quot;?</source>
        <translation>删除预设“%1”？</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>The preset was not deleted.</source>
        <translation>预设未删除。</translation>
    </message>
</context>
<context>
    <name>VariationsDialog</name>
    <message numerus="yes">
        <source>%n job(s) will be added to the queue.</source>
        <translation>
            <numerusform>将有 %n 个任务加入队列。</numerusform>
        </translation>
    </message>
    <message>
        <source>Queue variations</source>
        <translation>队列变体</translation>
    </message>
    <message>
        <source>&amp;Seeds: clips with consecutive seeds from %1, how many:</source>
        <translation>种子(&amp;S)：从 %1 开始使用连续种子生成片段，数量：</translation>
    </message>
    <message>
        <source>&amp;Prompts: one clip per line below (other settings as on the form)</source>
        <translation>提示词(&amp;P)：下方每行生成一个片段（其他设置与表单相同）</translation>
    </message>
</context>
<context>
    <name>VramGraph</name>
    <message>
        <source>Memory (GiB)</source>
        <translation>内存（GiB）</translation>
    </message>
    <message>
        <source>t = %1 s</source>
        <translation>t = %1 秒</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <source>Time (s) · wheel: zoom · drag: pan · double-click: follow the run</source>
        <translation>时间（秒）· 滚轮：缩放 · 拖动：平移 · 双击：跟随生成</translation>
    </message>
    <message>
        <source>%1: predicted peak %2</source>
        <translation>%1：预测峰值 %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>↑ %1: %2</source>
        <translation>↑ %1：%2</translation>
    </message>
    <message>
        <source>Stage: %1</source>
        <translation>阶段：%1</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1：%2 / %3</translation>
    </message>
    <message>
        <source>Follow the run</source>
        <translation>跟随生成</translation>
    </message>
    <message>
        <source>Save trace (CSV and PNG)…</source>
        <translation>保存记录（CSV 和 PNG）…</translation>
    </message>
    <message>
        <source>Other programs (GiB)</source>
        <translation>其他程序（GiB）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>↑ %1</source>
        <translation>↑ %1</translation>
    </message>
</context>
<context>
    <name>VramHeadroomAction</name>
    <message>
        <source>Keep VRAM Free…</source>
        <translation>保留空闲显存…</translation>
    </message>
    <message>
        <source>Memory every run leaves free on each GPU, for the desktop and other programs</source>
        <translation>每次生成在每块 GPU 上留出的空闲显存，供桌面和其他程序使用</translation>
    </message>
    <message>
        <source>Keep VRAM Free</source>
        <translation>保留空闲显存</translation>
    </message>
    <message>
        <source>Every run keeps this much memory free on each GPU (MiB; 0: none).
A memory preset may keep more.</source>
        <translation>每次生成在每块 GPU 上保留这么多空闲显存（MiB；0 表示不保留）。
内存预设可以保留更多。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Generate short video clips with open video models.</source>
        <translation>使用开放视频模型生成短视频片段。</translation>
    </message>
    <message>
        <source>Open the model folder &lt;dir&gt;.</source>
        <translation>打开模型文件夹 &lt;dir&gt;。</translation>
    </message>
</context>
</TS>
