<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutBox</name>
    <message>
        <source>&lt;h3&gt;Framesmith %1&lt;/h3&gt;&lt;p&gt;A desktop studio for generating short video clips with CogVideoX on your own GPUs, with live memory monitoring and memory presets that avoid running out of GPU memory.&lt;/p&gt;&lt;p&gt;Licence: %2.&lt;/p&gt;&lt;p&gt;&lt;b&gt;CogVideoX weights are not included.&lt;/b&gt; Download a model in diffusers format (for example THUDM/CogVideoX-2b) and choose its folder; each model has its own licence.&lt;/p&gt;&lt;p&gt;Built with Qt %3, libtorch and QCustomPlot.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Framesmith %1&lt;/h3&gt;&lt;p&gt;一款桌面工作室，在您自己的 GPU 上用 CogVideoX 生成短视频片段，提供实时显存监控和内存预设，避免显存耗尽。&lt;/p&gt;&lt;p&gt;许可证：%2。&lt;/p&gt;&lt;p&gt;&lt;b&gt;不包含 CogVideoX 模型权重。&lt;/b&gt;请下载 diffusers 格式的模型（例如 THUDM/CogVideoX-2b）并选择其文件夹；每个模型都有各自的许可证。&lt;/p&gt;&lt;p&gt;基于 Qt %3、libtorch 和 QCustomPlot 构建。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About Framesmith</source>
        <translation>关于 Framesmith</translation>
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
        <source>Folder of a diffusers CogVideoX model</source>
        <translation>diffusers 格式 CogVideoX 模型所在的文件夹</translation>
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
        <source>CogVideoX 1.0: 8N+1 frames (49); 1.5: 16N+1 (81)</source>
        <translation>CogVideoX 1.0：8N+1 帧（49）；1.5：16N+1 帧（81）</translation>
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
        <source>DPM-Solver++ (CogVideoX)</source>
        <translation>DPM-Solver++（CogVideoX）</translation>
    </message>
    <message>
        <source>DDIM (CogVideoX)</source>
        <translation>DDIM（CogVideoX）</translation>
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
        <source>No model is loaded: the generation engine is not available in this build yet.</source>
        <translation>未加载模型：此版本尚未包含生成引擎。</translation>
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
        <source>CogVideoX %1, %2: frames %3N+1</source>
        <translation>CogVideoX %1，%2：帧数须为 %3N+1</translation>
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
        <source>Ready. Generation is not available in this build: the engine is not part of it yet.</source>
        <translation>就绪。此版本无法生成视频：尚未包含生成引擎。</translation>
    </message>
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
    <name>ModelFolderProbe</name>
    <message>
        <source>no readable model_index.json in %1</source>
        <translation>%1 中没有可读取的 model_index.json</translation>
    </message>
    <message>
        <source>%1 is not a CogVideoX pipeline</source>
        <translation>%1 不是 CogVideoX 管线</translation>
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
        <source>Generate short video clips with CogVideoX.</source>
        <translation>使用 CogVideoX 生成短视频片段。</translation>
    </message>
    <message>
        <source>Open the diffusers model folder &lt;dir&gt;.</source>
        <translation>打开 diffusers 模型文件夹 &lt;dir&gt;。</translation>
    </message>
</context>
</TS>
