<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AboutBox</name>
    <message>
        <source>About Framesmith</source>
        <translation>About Framesmith</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Framesmith %1&lt;/h3&gt;&lt;p&gt;A desktop studio for generating short video clips with open video models (%4) on your own GPUs, with live memory monitoring and memory presets that avoid running out of GPU memory.&lt;/p&gt;&lt;p&gt;Licence: %2.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Model weights are not included.&lt;/b&gt; Download a model (for example from %5) and choose its folder; each model has its own licence.&lt;/p&gt;&lt;p&gt;Built with Qt %3, libtorch and QCustomPlot.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Framesmith %1&lt;/h3&gt;&lt;p&gt;A desktop studio for generating short video clips with open video models (%4) on your own GPUs, with live memory monitoring and memory presets that avoid running out of GPU memory.&lt;/p&gt;&lt;p&gt;Licence: %2.&lt;/p&gt;&lt;p&gt;&lt;b&gt;Model weights are not included.&lt;/b&gt; Download a model (for example from %5) and choose its folder; each model has its own licence.&lt;/p&gt;&lt;p&gt;Built with Qt %3, libtorch and QCustomPlot.&lt;/p&gt;</translation>
    </message>
</context>
<context>
    <name>ClipShelf</name>
    <message>
        <source>History</source>
        <translation>History</translation>
    </message>
    <message>
        <source>The clip could not be added to the history.</source>
        <translation>The clip could not be added to the history.</translation>
    </message>
    <message>
        <source>Parameters loaded; the clip&apos;s video is missing: %1</source>
        <translation>Parameters loaded; the clip&apos;s video is missing: %1</translation>
    </message>
    <message>
        <source>The clip&apos;s video could not be read.</source>
        <translation>The clip&apos;s video could not be read.</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>Opened %1</translation>
    </message>
    <message>
        <source>There is no clip to export yet</source>
        <translation>There is no clip to export yet</translation>
    </message>
    <message>
        <source>Exporting %1…</source>
        <translation>Exporting %1…</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>Exported %1</translation>
    </message>
    <message>
        <source>Export failed</source>
        <translation>Export failed</translation>
    </message>
    <message>
        <source>The clip could not be exported.</source>
        <translation>The clip could not be exported.</translation>
    </message>
</context>
<context>
    <name>ExportChooser</name>
    <message>
        <source>%1 (folder)</source>
        <translation>%1 (folder)</translation>
    </message>
    <message>
        <source>H.264 video, MP4</source>
        <translation>H.264 video, MP4</translation>
    </message>
    <message>
        <source>H.265 video, MP4</source>
        <translation>H.265 video, MP4</translation>
    </message>
    <message>
        <source>VP9 video, WebM</source>
        <translation>VP9 video, WebM</translation>
    </message>
    <message>
        <source>AV1 video, MP4</source>
        <translation>AV1 video, MP4</translation>
    </message>
    <message>
        <source>ProRes 422, MOV</source>
        <translation>ProRes 422, MOV</translation>
    </message>
    <message>
        <source>Animated GIF</source>
        <translation>Animated GIF</translation>
    </message>
    <message>
        <source>PNG image sequence</source>
        <translation>PNG image sequence</translation>
    </message>
    <message>
        <source>Export clip</source>
        <translation>Export clip</translation>
    </message>
</context>
<context>
    <name>GenerationWorker</name>
    <message>
        <source>A parameter cannot work with this model.</source>
        <translation>A parameter cannot work with this model.</translation>
    </message>
    <message>
        <source>A model file is damaged or of the wrong kind.</source>
        <translation>A model file is damaged or of the wrong kind.</translation>
    </message>
    <message>
        <source>A file the model needs is missing.</source>
        <translation>A file the model needs is missing.</translation>
    </message>
    <message>
        <source>The weights do not match the model&apos;s configuration.</source>
        <translation>The weights do not match the model&apos;s configuration.</translation>
    </message>
    <message>
        <source>This build cannot run this model.</source>
        <translation>This build cannot run this model.</translation>
    </message>
    <message>
        <source>Out of memory, even after recovery. Try a lower-memory preset.</source>
        <translation>Out of memory, even after recovery. Try a lower-memory preset.</translation>
    </message>
    <message>
        <source>Reading or writing a file failed.</source>
        <translation>Reading or writing a file failed.</translation>
    </message>
    <message>
        <source>The computation produced invalid numbers (NaN or infinity).</source>
        <translation>The computation produced invalid numbers (NaN or infinity).</translation>
    </message>
    <message>
        <source>This machine or build lacks a needed feature.</source>
        <translation>This machine or build lacks a needed feature.</translation>
    </message>
    <message>
        <source>Generation failed.</source>
        <translation>Generation failed.</translation>
    </message>
    <message>
        <source>the host ran out of memory</source>
        <translation>the host ran out of memory</translation>
    </message>
    <message>
        <source>an unknown error</source>
        <translation>an unknown error</translation>
    </message>
    <message>
        <source>The clip could not be saved to the history: %1</source>
        <translation>The clip could not be saved to the history: %1</translation>
    </message>
</context>
<context>
    <name>HistoryPanel</name>
    <message>
        <source>(no prompt)</source>
        <translation>(no prompt)</translation>
    </message>
    <message>
        <source>%1 · %2 frames %3×%4 · seed %5</source>
        <translation>%1 · %2 frames %3×%4 · seed %5</translation>
    </message>
    <message>
        <source> · stopped early</source>
        <translation> · stopped early</translation>
    </message>
    <message>
        <source>Model: %1
Preset: %2
Total time: %3 s</source>
        <translation>Model: %1
Preset: %2
Total time: %3 s</translation>
    </message>
    <message>
        <source>No clips yet. Generated clips appear here with their parameters.</source>
        <translation>No clips yet. Generated clips appear here with their parameters.</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Regenerate</translation>
    </message>
    <message>
        <source>Generate this clip again with exactly its parameters and memory preset</source>
        <translation>Generate this clip again with exactly its parameters and memory preset</translation>
    </message>
</context>
<context>
    <name>HistoryStore</name>
    <message>
        <source>not a JSON object</source>
        <translation>not a JSON object</translation>
    </message>
    <message>
        <source>unknown schemaVersion %1</source>
        <translation>unknown schemaVersion %1</translation>
    </message>
    <message>
        <source>request: %1</source>
        <translation>request: %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1: cannot create the folder</translation>
    </message>
    <message>
        <source>Skipped history entry %1: %2</source>
        <translation>Skipped history entry %1: %2</translation>
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
        <source>image-to-video</source>
        <translation>image-to-video</translation>
    </message>
    <message>
        <source>text-to-video</source>
        <translation>text-to-video</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>Preview</translation>
    </message>
    <message>
        <source>&amp;Stop denoising and decode</source>
        <translation>&amp;Stop denoising and decode</translation>
    </message>
    <message>
        <source>Stop denoising after the current step and decode what has formed so far</source>
        <translation>Stop denoising after the current step and decode what has formed so far</translation>
    </message>
    <message>
        <source>&amp;Export clip…</source>
        <translation>&amp;Export clip…</translation>
    </message>
    <message>
        <source>&amp;History</source>
        <translation>&amp;History</translation>
    </message>
    <message>
        <source>Choose a model folder first (File &gt; Choose model folder…).</source>
        <translation>Choose a model folder first (File &gt; Choose model folder…).</translation>
    </message>
    <message>
        <source>A clip is being generated</source>
        <translation>A clip is being generated</translation>
    </message>
    <message>
        <source>Stop the generation now (Esc)</source>
        <translation>Stop the generation now (Esc)</translation>
    </message>
    <message>
        <source>Generating…</source>
        <translation>Generating…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Stopping…</translation>
    </message>
    <message>
        <source>Stopping denoising after this step; the clip will be decoded…</source>
        <translation>Stopping denoising after this step; the clip will be decoded…</translation>
    </message>
    <message>
        <source>Clip ready after %1 of %2 steps (stopped early), %3 s</source>
        <translation>Clip ready after %1 of %2 steps (stopped early), %3 s</translation>
    </message>
    <message>
        <source>Clip ready: %1 frames in %2 s</source>
        <translation>Clip ready: %1 frames in %2 s</translation>
    </message>
    <message>
        <source>Generation failed</source>
        <translation>Generation failed</translation>
    </message>
    <message numerus="yes">
        <source>Cancelled after %n step(s)</source>
        <translation>
            <numerusform>Cancelled after %n step</numerusform>
            <numerusform>Cancelled after %n steps</numerusform>
        </translation>
    </message>
    <message>
        <source>Warning: %1</source>
        <translation>Warning: %1</translation>
    </message>
    <message>
        <source>History</source>
        <translation>History</translation>
    </message>
    <message>
        <source>Ready.</source>
        <translation>Ready.</translation>
    </message>
    <message>
        <source>Ready. Choose a model folder to generate.</source>
        <translation>Ready. Choose a model folder to generate.</translation>
    </message>
    <message>
        <source>Customi&amp;ze…</source>
        <translation>Customi&amp;ze…</translation>
    </message>
    <message>
        <source>Make your own memory preset from this one</source>
        <translation>Make your own memory preset from this one</translation>
    </message>
    <message>
        <source>Folder of a video model (its family is recognised from its files)</source>
        <translation>Folder of a video model (its family is recognised from its files)</translation>
    </message>
    <message>
        <source>Frame counts the chosen model accepts (shown beside the model)</source>
        <translation>Frame counts the chosen model accepts (shown beside the model)</translation>
    </message>
    <message>
        <source>%1, %2: frames %3</source>
        <translation>%1, %2: frames %3</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>%1N+%2 (%3)</source>
        <translation>%1N+%2 (%3)</translation>
    </message>
    <message>
        <source> or </source>
        <translation> or </translation>
    </message>
    <message>
        <source>&lt;b&gt;Demo model:&lt;/b&gt; random weights, the output is noise. Real clips need real weights: &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;</source>
        <translation>&lt;b&gt;Demo model:&lt;/b&gt; random weights, the output is noise. Real clips need real weights: &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Frame counts this model accepts: %1</source>
        <translation>Frame counts this model accepts: %1</translation>
    </message>
    <message>
        <source>This model guides with its own empty caption: no negative prompt</source>
        <translation>This model guides with its own empty caption: no negative prompt</translation>
    </message>
</context>
<context>
    <name>MemoryDisplay</name>
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
    <name>MemoryForecast</name>
    <message>
        <source>No memory forecast: %1</source>
        <translation>No memory forecast: %1</translation>
    </message>
    <message>
        <source>%1 on %2: %3 GiB of %4 GiB</source>
        <translation>%1 on %2: %3 GiB of %4 GiB</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Fits</translation>
    </message>
    <message>
        <source>Does not fit</source>
        <translation>Does not fit</translation>
    </message>
    <message>
        <source>Does not fit: %1</source>
        <translation>Does not fit: %1</translation>
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
    <name>ModelUnloader</name>
    <message>
        <source>Model unloaded: its memory is free again</source>
        <translation>Model unloaded: its memory is free again</translation>
    </message>
    <message>
        <source>Unload model</source>
        <translation>Unload model</translation>
    </message>
    <message>
        <source>Free the loaded model now (%1 GiB of weights kept between runs)</source>
        <translation>Free the loaded model now (%1 GiB of weights kept between runs)</translation>
    </message>
    <message>
        <source>Free the loaded model now</source>
        <translation>Free the loaded model now</translation>
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
    <message>
        <source>Cannot be read: %1</source>
        <translation>Cannot be read: %1</translation>
    </message>
</context>
<context>
    <name>PresetEditorDialog</name>
    <message>
        <source>Customize memory preset</source>
        <translation>Customize memory preset</translation>
    </message>
    <message>
        <source>Letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;; this is also the name the command line uses</source>
        <translation>Letters, digits, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;; this is also the name the command line uses</translation>
    </message>
    <message>
        <source>bf16 (recommended)</source>
        <translation>bf16 (recommended)</translation>
    </message>
    <message>
        <source>fp16</source>
        <translation>fp16</translation>
    </message>
    <message>
        <source>fp32 (most memory)</source>
        <translation>fp32 (most memory)</translation>
    </message>
    <message>
        <source>Transformer blocks loaded ahead while streaming: more is faster and uses more GPU memory</source>
        <translation>Transformer blocks loaded ahead while streaming: more is faster and uses more GPU memory</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>high ×</source>
        <translation>high ×</translation>
    </message>
    <message>
        <source>wide</source>
        <translation>wide</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>&amp;Name:</translation>
    </message>
    <message>
        <source>&amp;Description:</source>
        <translation>&amp;Description:</translation>
    </message>
    <message>
        <source>Compute &amp;type:</source>
        <translation>Compute &amp;type:</translation>
    </message>
    <message>
        <source>Blocks loaded &amp;ahead:</source>
        <translation>Blocks loaded &amp;ahead:</translation>
    </message>
    <message>
        <source>VAE &amp;tile size:</source>
        <translation>VAE &amp;tile size:</translation>
    </message>
    <message>
        <source>Strategies</source>
        <translation>Strategies</translation>
    </message>
    <message>
        <source>%1
(%2)</source>
        <translation>%1
(%2)</translation>
    </message>
    <message>
        <source>Could not open preset &quot;%1&quot;: %2</source>
        <translation>Could not open preset &quot;%1&quot;: %2</translation>
    </message>
    <message>
        <source>Give the preset a name.</source>
        <translation>Give the preset a name.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset and cannot be changed: choose another name.</source>
        <translation>&quot;%1&quot; is a built-in preset and cannot be changed: choose another name.</translation>
    </message>
    <message>
        <source>Could not save the preset: %1</source>
        <translation>Could not save the preset: %1</translation>
    </message>
    <message>
        <source>Forecast: %1</source>
        <translation>Forecast: %1</translation>
    </message>
</context>
<context>
    <name>PreviewPlayer</name>
    <message>
        <source>Previous frame (Left)</source>
        <translation>Previous frame (Left)</translation>
    </message>
    <message>
        <source>Play/pause (Space)</source>
        <translation>Play/pause (Space)</translation>
    </message>
    <message>
        <source>Next frame (Right)</source>
        <translation>Next frame (Right)</translation>
    </message>
    <message>
        <source> fps</source>
        <translation> fps</translation>
    </message>
    <message>
        <source>Loop</source>
        <translation>Loop</translation>
    </message>
    <message>
        <source>100 %</source>
        <translation>100 %</translation>
    </message>
    <message>
        <source>Show pixels 1:1 instead of fitting the view</source>
        <translation>Show pixels 1:1 instead of fitting the view</translation>
    </message>
    <message>
        <source>Forming…</source>
        <translation>Forming…</translation>
    </message>
    <message>
        <source>no frames</source>
        <translation>no frames</translation>
    </message>
    <message>
        <source>%1 / %2  ·  %3 s / %4 s</source>
        <translation>%1 / %2  ·  %3 s / %4 s</translation>
    </message>
</context>
<context>
    <name>RunPresenter</name>
    <message>
        <source>Loading the model</source>
        <translation>Loading the model</translation>
    </message>
    <message>
        <source>Encoding the prompt</source>
        <translation>Encoding the prompt</translation>
    </message>
    <message>
        <source>Denoising</source>
        <translation>Denoising</translation>
    </message>
    <message>
        <source>Decoding frames</source>
        <translation>Decoding frames</translation>
    </message>
    <message>
        <source>Saving the clip</source>
        <translation>Saving the clip</translation>
    </message>
    <message>
        <source>Working</source>
        <translation>Working</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>Starting…</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
    <message>
        <source>Step %1/%2 · ETA %3</source>
        <translation>Step %1/%2 · ETA %3</translation>
    </message>
    <message>
        <source>Last step took %1</source>
        <translation>Last step took %1</translation>
    </message>
    <message>
        <source>Step %1/%2</source>
        <translation>Step %1/%2</translation>
    </message>
</context>
<context>
    <name>StrategyLabels</name>
    <message>
        <source>Expandable allocator segments</source>
        <translation>Expandable allocator segments</translation>
    </message>
    <message>
        <source>Less fragmentation, less GPU memory wasted by the allocator</source>
        <translation>Less fragmentation, less GPU memory wasted by the allocator</translation>
    </message>
    <message>
        <source>Release memory between stages</source>
        <translation>Release memory between stages</translation>
    </message>
    <message>
        <source>Return cached GPU memory to the driver after each stage</source>
        <translation>Return cached GPU memory to the driver after each stage</translation>
    </message>
    <message>
        <source>Release memory every step</source>
        <translation>Release memory every step</translation>
    </message>
    <message>
        <source>Return cached GPU memory after every denoising step (slower, steadier)</source>
        <translation>Return cached GPU memory after every denoising step (slower, steadier)</translation>
    </message>
    <message>
        <source>Text encoder on the GPU, then released</source>
        <translation>Text encoder on the GPU, then released</translation>
    </message>
    <message>
        <source>Encode the prompt on the GPU, then free that memory before denoising</source>
        <translation>Encode the prompt on the GPU, then free that memory before denoising</translation>
    </message>
    <message>
        <source>Text encoder on the CPU</source>
        <translation>Text encoder on the CPU</translation>
    </message>
    <message>
        <source>Encode the prompt on the CPU: slower, uses no GPU memory</source>
        <translation>Encode the prompt on the CPU: slower, uses no GPU memory</translation>
    </message>
    <message>
        <source>Transformer stays on the GPU</source>
        <translation>Transformer stays on the GPU</translation>
    </message>
    <message>
        <source>Keep the whole transformer on the GPU from the first step to the last</source>
        <translation>Keep the whole transformer on the GPU from the first step to the last</translation>
    </message>
    <message>
        <source>Model offload</source>
        <translation>Model offload</translation>
    </message>
    <message>
        <source>Keep every component in RAM and move it to the GPU only for its own stage</source>
        <translation>Keep every component in RAM and move it to the GPU only for its own stage</translation>
    </message>
    <message>
        <source>Stream transformer blocks</source>
        <translation>Stream transformer blocks</translation>
    </message>
    <message>
        <source>Stream transformer blocks from RAM, loading the next ones ahead of time</source>
        <translation>Stream transformer blocks from RAM, loading the next ones ahead of time</translation>
    </message>
    <message>
        <source>Store weights in fp8</source>
        <translation>Store weights in fp8</translation>
    </message>
    <message>
        <source>Transformer weights in one byte each, computed in bf16: half the weight memory, small quality cost</source>
        <translation>Transformer weights in one byte each, computed in bf16: half the weight memory, small quality cost</translation>
    </message>
    <message>
        <source>Store weights in int8</source>
        <translation>Store weights in int8</translation>
    </message>
    <message>
        <source>Transformer weights as int8 with per-channel scales, computed in bf16</source>
        <translation>Transformer weights as int8 with per-channel scales, computed in bf16</translation>
    </message>
    <message>
        <source>Decode in tiles</source>
        <translation>Decode in tiles</translation>
    </message>
    <message>
        <source>Decode the video in overlapping spatial tiles</source>
        <translation>Decode the video in overlapping spatial tiles</translation>
    </message>
    <message>
        <source>Decode in small tiles</source>
        <translation>Decode in small tiles</translation>
    </message>
    <message>
        <source>Decode in small 144 x 200 pixel tiles (for 8-12 GB cards)</source>
        <translation>Decode in small 144 x 200 pixel tiles (for 8-12 GB cards)</translation>
    </message>
    <message>
        <source>Decode one clip at a time</source>
        <translation>Decode one clip at a time</translation>
    </message>
    <message>
        <source>Decode one clip of a batch at a time</source>
        <translation>Decode one clip of a batch at a time</translation>
    </message>
    <message>
        <source>Spread over all GPUs</source>
        <translation>Spread over all GPUs</translation>
    </message>
    <message>
        <source>Spread components and transformer blocks over every GPU by free memory</source>
        <translation>Spread components and transformer blocks over every GPU by free memory</translation>
    </message>
    <message>
        <source>Guidance on two GPUs</source>
        <translation>Guidance on two GPUs</translation>
    </message>
    <message>
        <source>Run the conditional and unconditional halves of guidance on two GPUs</source>
        <translation>Run the conditional and unconditional halves of guidance on two GPUs</translation>
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
        <source>Generate short video clips with open video models.</source>
        <translation>Generate short video clips with open video models.</translation>
    </message>
    <message>
        <source>Open the model folder &lt;dir&gt;.</source>
        <translation>Open the model folder &lt;dir&gt;.</translation>
    </message>
</context>
</TS>
