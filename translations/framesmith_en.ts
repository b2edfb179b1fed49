<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AboutBox</name>
    <message>
        <source>&lt;h3&gt;Framesmith %1&lt;/h3&gt;&lt;p&gt;A desktop studio for generating short video clips with CogVideoX on your own GPUs, with live memory monitoring and memory presets that avoid running out of GPU memory.&lt;/p&gt;&lt;p&gt;Licence: %2.&lt;/p&gt;&lt;p&gt;&lt;b&gt;CogVideoX weights are not included.&lt;/b&gt; Download a model in diffusers format (for example THUDM/CogVideoX-2b) and choose its folder; each model has its own licence.&lt;/p&gt;&lt;p&gt;Built with Qt %3, libtorch and QCustomPlot.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Framesmith %1&lt;/h3&gt;&lt;p&gt;A desktop studio for generating short video clips with CogVideoX on your own GPUs, with live memory monitoring and memory presets that avoid running out of GPU memory.&lt;/p&gt;&lt;p&gt;Licence: %2.&lt;/p&gt;&lt;p&gt;&lt;b&gt;CogVideoX weights are not included.&lt;/b&gt; Download a model in diffusers format (for example THUDM/CogVideoX-2b) and choose its folder; each model has its own licence.&lt;/p&gt;&lt;p&gt;Built with Qt %3, libtorch and QCustomPlot.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About Framesmith</source>
        <translation>About Framesmith</translation>
    </message>
</context>
<context>
    <name>ImageDropArea</name>
    <message>
        <source>Choose…</source>
        <translation>Choose…</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Clear</translation>
    </message>
    <message>
        <source>Choose a start image</source>
        <translation>Choose a start image</translation>
    </message>
    <message>
        <source>Remove the start image (text-to-video)</source>
        <translation>Remove the start image (text-to-video)</translation>
    </message>
    <message>
        <source>Drop a start image here
(image-to-video models)</source>
        <translation>Drop a start image here
(image-to-video models)</translation>
    </message>
    <message>
        <source>No start image</source>
        <translation>No start image</translation>
    </message>
    <message>
        <source>%1 · %2 × %3</source>
        <translation>%1 · %2 × %3</translation>
    </message>
    <message>
        <source>Images (%1)</source>
        <translation>Images (%1)</translation>
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
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Describe the clip: subject, action, setting, camera, light…</source>
        <translation>Describe the clip: subject, action, setting, camera, light…</translation>
    </message>
    <message>
        <source>&amp;Negative prompt:</source>
        <translation>&amp;Negative prompt:</translation>
    </message>
    <message>
        <source>What to avoid (optional)</source>
        <translation>What to avoid (optional)</translation>
    </message>
    <message>
        <source>Start image</source>
        <translation>Start image</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Folder of a diffusers CogVideoX model</source>
        <translation>Folder of a diffusers CogVideoX model</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Browse…</translation>
    </message>
    <message>
        <source>No model folder chosen</source>
        <translation>No model folder chosen</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameters</translation>
    </message>
    <message>
        <source>Memory &amp;preset:</source>
        <translation>Memory &amp;preset:</translation>
    </message>
    <message>
        <source>&amp;Frames:</source>
        <translation>&amp;Frames:</translation>
    </message>
    <message>
        <source>CogVideoX 1.0: 8N+1 frames (49); 1.5: 16N+1 (81)</source>
        <translation>CogVideoX 1.0: 8N+1 frames (49); 1.5: 16N+1 (81)</translation>
    </message>
    <message>
        <source>F&amp;PS:</source>
        <translation>F&amp;PS:</translation>
    </message>
    <message>
        <source>&amp;Width:</source>
        <translation>&amp;Width:</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>&amp;Height:</source>
        <translation>&amp;Height:</translation>
    </message>
    <message>
        <source>&amp;Steps:</source>
        <translation>&amp;Steps:</translation>
    </message>
    <message>
        <source>Denoising steps (50 is the reference)</source>
        <translation>Denoising steps (50 is the reference)</translation>
    </message>
    <message>
        <source>G&amp;uidance:</source>
        <translation>G&amp;uidance:</translation>
    </message>
    <message>
        <source>Classifier-free guidance scale</source>
        <translation>Classifier-free guidance scale</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>S&amp;eed:</translation>
    </message>
    <message>
        <source>Same seed, same request, same clip</source>
        <translation>Same seed, same request, same clip</translation>
    </message>
    <message>
        <source>Randomize</source>
        <translation>Randomize</translation>
    </message>
    <message>
        <source>Pick a new random seed</source>
        <translation>Pick a new random seed</translation>
    </message>
    <message>
        <source>S&amp;cheduler:</source>
        <translation>S&amp;cheduler:</translation>
    </message>
    <message>
        <source>&amp;Generate</source>
        <translation>&amp;Generate</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>Memory</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>&amp;Open start image…</source>
        <translation>&amp;Open start image…</translation>
    </message>
    <message>
        <source>C&amp;lear start image</source>
        <translation>C&amp;lear start image</translation>
    </message>
    <message>
        <source>Choose &amp;model folder…</source>
        <translation>Choose &amp;model folder…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>&amp;Cancel</translation>
    </message>
    <message>
        <source>&amp;Randomize seed</source>
        <translation>&amp;Randomize seed</translation>
    </message>
    <message>
        <source>&amp;About Framesmith</source>
        <translation>&amp;About Framesmith</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>About &amp;Qt</translation>
    </message>
    <message>
        <source>&amp;System language</source>
        <translation>&amp;System language</translation>
    </message>
    <message>
        <source>Model default</source>
        <translation>Model default</translation>
    </message>
    <message>
        <source>DPM-Solver++ (CogVideoX)</source>
        <translation>DPM-Solver++ (CogVideoX)</translation>
    </message>
    <message>
        <source>DDIM (CogVideoX)</source>
        <translation>DDIM (CogVideoX)</translation>
    </message>
    <message>
        <source>Frames</source>
        <translation>Frames</translation>
    </message>
    <message>
        <source>FPS</source>
        <translation>FPS</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>Width</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>Height</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>Steps</translation>
    </message>
    <message>
        <source>Guidance</source>
        <translation>Guidance</translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: must be a whole number from 0 to 18446744073709551615</source>
        <translation>%1: must be a whole number from 0 to 18446744073709551615</translation>
    </message>
    <message>
        <source>No model is loaded: the generation engine is not available in this build yet.</source>
        <translation>No model is loaded: the generation engine is not available in this build yet.</translation>
    </message>
    <message>
        <source>Generate the clip (Ctrl+Return)</source>
        <translation>Generate the clip (Ctrl+Return)</translation>
    </message>
    <message>
        <source>Nothing is running</source>
        <translation>Nothing is running</translation>
    </message>
    <message>
        <source>Cannot generate: %1</source>
        <translation>Cannot generate: %1</translation>
    </message>
    <message>
        <source>Choose a model folder</source>
        <translation>Choose a model folder</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>Cannot open %1: %2</translation>
    </message>
    <message>
        <source>Not a model folder: %1</source>
        <translation>Not a model folder: %1</translation>
    </message>
    <message>
        <source>CogVideoX %1, %2: frames %3N+1</source>
        <translation>CogVideoX %1, %2: frames %3N+1</translation>
    </message>
    <message>
        <source>image-to-video</source>
        <translation>image-to-video</translation>
    </message>
    <message>
        <source>text-to-video</source>
        <translation>text-to-video</translation>
    </message>
    <message>
        <source>Ready. Generation is not available in this build: the engine is not part of it yet.</source>
        <translation>Ready. Generation is not available in this build: the engine is not part of it yet.</translation>
    </message>
    <message>
        <source>GPU memory: live</source>
        <translation>GPU memory: live</translation>
    </message>
    <message>
        <source>GPU memory: not measurable here</source>
        <translation>GPU memory: not measurable here</translation>
    </message>
    <message>
        <source>No GPU memory readings on this machine: showing process and system RAM</source>
        <translation>No GPU memory readings on this machine: showing process and system RAM</translation>
    </message>
</context>
<context>
    <name>MemoryGraphFeeder</name>
    <message>
        <source>Process RSS</source>
        <translation>Process RSS</translation>
    </message>
    <message>
        <source>System RAM used</source>
        <translation>System RAM used</translation>
    </message>
</context>
<context>
    <name>ModelFolderProbe</name>
    <message>
        <source>no readable model_index.json in %1</source>
        <translation>no readable model_index.json in %1</translation>
    </message>
    <message>
        <source>%1 is not a CogVideoX pipeline</source>
        <translation>%1 is not a CogVideoX pipeline</translation>
    </message>
</context>
<context>
    <name>PresetChoices</name>
    <message>
        <source>Auto</source>
        <translation>Auto</translation>
    </message>
    <message>
        <source>Chooses a preset from the GPUs and free memory it finds</source>
        <translation>Chooses a preset from the GPUs and free memory it finds</translation>
    </message>
    <message>
        <source>24 GB single GPU</source>
        <translation>24 GB single GPU</translation>
    </message>
    <message>
        <source>One 24 GB card: bf16, VAE tiling, text encoder released after use</source>
        <translation>One 24 GB card: bf16, VAE tiling, text encoder released after use</translation>
    </message>
    <message>
        <source>Multi-GPU balanced</source>
        <translation>Multi-GPU balanced</translation>
    </message>
    <message>
        <source>Spreads the components and blocks over every GPU by free memory</source>
        <translation>Spreads the components and blocks over every GPU by free memory</translation>
    </message>
    <message>
        <source>Low memory</source>
        <translation>Low memory</translation>
    </message>
    <message>
        <source>Streams transformer blocks from system RAM: slow but fits small cards</source>
        <translation>Streams transformer blocks from system RAM: slow but fits small cards</translation>
    </message>
    <message>
        <source>Max speed</source>
        <translation>Max speed</translation>
    </message>
    <message>
        <source>Everything resident on the GPU, no offloading: needs the most memory</source>
        <translation>Everything resident on the GPU, no offloading: needs the most memory</translation>
    </message>
</context>
<context>
    <name>VramGraph</name>
    <message>
        <source>Time (s)</source>
        <translation>Time (s)</translation>
    </message>
    <message>
        <source>Memory (GiB)</source>
        <translation>Memory (GiB)</translation>
    </message>
    <message>
        <source>%1 predicted peak %2 GiB</source>
        <translation>%1 predicted peak %2 GiB</translation>
    </message>
    <message>
        <source>t = %1 s</source>
        <translation>t = %1 s</translation>
    </message>
    <message>
        <source>%1: %2 GiB</source>
        <translation>%1: %2 GiB</translation>
    </message>
    <message>
        <source>%1: %2 of %3 GiB</source>
        <translation>%1: %2 of %3 GiB</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Generate short video clips with CogVideoX.</source>
        <translation>Generate short video clips with CogVideoX.</translation>
    </message>
    <message>
        <source>Open the diffusers model folder &lt;dir&gt;.</source>
        <translation>Open the diffusers model folder &lt;dir&gt;.</translation>
    </message>
</context>
</TS>
