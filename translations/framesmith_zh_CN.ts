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
        <source>Parameters loaded; the clip&apos;s video is missing: %1</source>
        <translation>已载入参数；片段的视频文件缺失：%1</translation>
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
</context>
<context>
    <name>ExportChooser</name>
    <message>
        <source>%1 (folder)</source>
        <translation>%1（文件夹）</translation>
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
        <source>PNG image sequence</source>
        <translation>PNG 图像序列</translation>
    </message>
    <message>
        <source>Export clip</source>
        <translation>导出片段</translation>
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
        <source>Model: %1
Preset: %2
Total time: %3 s</source>
        <translation>模型：%1
预设：%2
总耗时：%3 秒</translation>
    </message>
    <message>
        <source>No clips yet. Generated clips appear here with their parameters.</source>
        <translation>还没有片段。生成的片段会连同参数显示在这里。</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>重新生成</translation>
    </message>
    <message>
        <source>Generate this clip again with exactly its parameters and memory preset</source>
        <translation>用完全相同的参数和内存预设再次生成此片段</translation>
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
    <name>MainWindow</name>
    <message>
        <source>Framesmith</source>
        <translation>Framesmith</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>提示词</translation>
    </message>
    <message>
        <source>Describe the clip: subject, action, setting, camera, light…</source>
        <translation>描述片段：主体、动作、场景、镜头、光线…</translation>
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
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Memory &amp;preset:</source>
        <translation>内存预设(&amp;P)：</translation>
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
        <source>Model default</source>
        <translation>模型默认</translation>
    </message>
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
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: must be a whole number from 0 to 18446744073709551615</source>
        <translation>%1：必须是 0 到 18446744073709551615 之间的整数</translation>
    </message>
    <message>
        <source>Generate the clip (Ctrl+Return)</source>
        <translation>生成片段（Ctrl+Return）</translation>
    </message>
    <message>
        <source>Nothing is running</source>
        <translation>当前没有正在运行的任务</translation>
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
        <source>Cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>Not a model folder: %1</source>
        <translation>不是模型文件夹：%1</translation>
    </message>
    <message>
        <source>image-to-video</source>
        <translation>图像生成视频</translation>
    </message>
    <message>
        <source>text-to-video</source>
        <translation>文本生成视频</translation>
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
        <source>A clip is being generated</source>
        <translation>正在生成片段</translation>
    </message>
    <message>
        <source>Stop the generation now (Esc)</source>
        <translation>立即停止生成（Esc）</translation>
    </message>
    <message>
        <source>Generating…</source>
        <translation>正在生成…</translation>
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
        <source>Customi&amp;ze…</source>
        <translation>自定义(&amp;Z)…</translation>
    </message>
    <message>
        <source>Make your own memory preset from this one</source>
        <translation>以此为基础创建您自己的内存预设</translation>
    </message>
    <message>
        <source>Folder of a video model (its family is recognised from its files)</source>
        <translation>视频模型所在的文件夹（根据其文件识别模型系列）</translation>
    </message>
    <message>
        <source>Frame counts the chosen model accepts (shown beside the model)</source>
        <translation>所选模型接受的帧数（显示在模型旁边）</translation>
    </message>
    <message>
        <source>%1, %2: frames %3</source>
        <translation>%1，%2：帧数 %3</translation>
    </message>
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
    <message>
        <source>&lt;b&gt;Demo model:&lt;/b&gt; random weights, the output is noise. Real clips need real weights: &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;</source>
        <translation>&lt;b&gt;演示模型：&lt;/b&gt;随机权重，输出只是噪声。要生成真正的片段需要真实权重：&lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Frame counts this model accepts: %1</source>
        <translation>此模型接受的帧数：%1</translation>
    </message>
    <message>
        <source>This model guides with its own empty caption: no negative prompt</source>
        <translation>此模型以自带的空描述进行引导：不使用负向提示词</translation>
    </message>
</context>
<context>
    <name>MemoryDisplay</name>
    <message>
        <source>GPU memory: live</source>
        <translation>GPU 显存：实时</translation>
    </message>
    <message>
        <source>GPU memory: not measurable here</source>
        <translation>GPU 显存：此处无法测量</translation>
    </message>
    <message>
        <source>No GPU memory readings on this machine: showing process and system RAM</source>
        <translation>本机无法读取 GPU 显存：显示进程和系统内存</translation>
    </message>
</context>
<context>
    <name>MemoryForecast</name>
    <message>
        <source>No memory forecast: %1</source>
        <translation>无法预估内存：%1</translation>
    </message>
    <message>
        <source>%1 on %2: %3 GiB of %4 GiB</source>
        <translation>%1 在 %2 上：%3 GiB / %4 GiB</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>可以容纳</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>Does not fit: %1</source>
        <translation>内存不足：%1</translation>
    </message>
</context>
<context>
    <name>MemoryGraphFeeder</name>
    <message>
        <source>Process RSS</source>
        <translation>进程常驻内存</translation>
    </message>
    <message>
        <source>System RAM used</source>
        <translation>系统内存占用</translation>
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
        <source>Letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;; this is also the name the command line uses</source>
        <translation>字母、数字、“-”、“_”和“.”；命令行也使用此名称</translation>
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
        <source>Give the preset a name.</source>
        <translation>请为预设命名。</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset and cannot be changed: choose another name.</source>
        <translation>“%1”是内置预设，无法修改：请换一个名称。</translation>
    </message>
    <message>
        <source>Could not save the preset: %1</source>
        <translation>无法保存预设：%1</translation>
    </message>
    <message>
        <source>Forecast: %1</source>
        <translation>预估：%1</translation>
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
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
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
</context>
<context>
    <name>VramGraph</name>
    <message>
        <source>Time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>Memory (GiB)</source>
        <translation>内存（GiB）</translation>
    </message>
    <message>
        <source>%1 predicted peak %2 GiB</source>
        <translation>%1 预测峰值 %2 GiB</translation>
    </message>
    <message>
        <source>t = %1 s</source>
        <translation>t = %1 秒</translation>
    </message>
    <message>
        <source>%1: %2 GiB</source>
        <translation>%1：%2 GiB</translation>
    </message>
    <message>
        <source>%1: %2 of %3 GiB</source>
        <translation>%1：%2 / %3 GiB</translation>
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
