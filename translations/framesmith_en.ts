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
    <message>
        <source>Settings loaded; the clip&apos;s video is missing: %1</source>
        <translation>Settings loaded; the clip&apos;s video is missing: %1</translation>
    </message>
    <message>
        <source>The clip could not be renamed.</source>
        <translation>The clip could not be renamed.</translation>
    </message>
    <message>
        <source>Delete the clip?</source>
        <translation>Delete the clip?</translation>
    </message>
    <message>
        <source>Delete this clip, its video and its settings from the history?</source>
        <translation>Delete this clip, its video and its settings from the history?</translation>
    </message>
    <message>
        <source>Exports you made elsewhere are kept.</source>
        <translation>Exports you made elsewhere are kept.</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Delete</translation>
    </message>
    <message>
        <source>The history entry %1 was already gone</source>
        <translation>The history entry %1 was already gone</translation>
    </message>
    <message>
        <source>The run could not be added to the history.</source>
        <translation>The run could not be added to the history.</translation>
    </message>
    <message>
        <source>Settings loaded; this run has no clip yet: right-click it and choose Decode again</source>
        <translation>Settings loaded; this run has no clip yet: right-click it and choose Decode again</translation>
    </message>
</context>
<context>
    <name>DecodeAgainDialog</name>
    <message>
        <source>Decode again</source>
        <translation>Decode again</translation>
    </message>
    <message>
        <source>Decode in &amp;tiles (less memory, a little slower)</source>
        <translation>Decode in &amp;tiles (less memory, a little slower)</translation>
    </message>
    <message>
        <source>Tile &amp;height:</source>
        <translation>Tile &amp;height:</translation>
    </message>
    <message>
        <source>Tile &amp;width:</source>
        <translation>Tile &amp;width:</translation>
    </message>
    <message>
        <source>Decode one &amp;frame batch at a time (slicing)</source>
        <translation>Decode one &amp;frame batch at a time (slicing)</translation>
    </message>
    <message>
        <source>They hold %1 of %2 denoising steps: the clip will look unfinished.</source>
        <translation>They hold %1 of %2 denoising steps: the clip will look unfinished.</translation>
    </message>
    <message>
        <source>They hold all %1 denoising steps.</source>
        <translation>They hold all %1 denoising steps.</translation>
    </message>
    <message>
        <source>Decode the kept latents again with other VAE settings; the denoising is not redone.
%1
%2</source>
        <translation>Decode the kept latents again with other VAE settings; the denoising is not redone.
%1
%2</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>&amp;Decode</source>
        <translation>&amp;Decode</translation>
    </message>
</context>
<context>
    <name>ExportDialog</name>
    <message>
        <source>Export clip</source>
        <translation>Export clip</translation>
    </message>
    <message>
        <source>&amp;File:</source>
        <translation>&amp;File:</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>&amp;Browse…</translation>
    </message>
    <message>
        <source>F&amp;ormat:</source>
        <translation>F&amp;ormat:</translation>
    </message>
    <message>
        <source>&amp;Quality (CRF):</source>
        <translation>&amp;Quality (CRF):</translation>
    </message>
    <message>
        <source>Format default</source>
        <translation>Format default</translation>
    </message>
    <message>
        <source>Lower is better and larger; 18 looks like the original</source>
        <translation>Lower is better and larger; 18 looks like the original</translation>
    </message>
    <message>
        <source>&amp;Size:</source>
        <translation>&amp;Size:</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Also save the run&apos;s &amp;memory trace (CSV and PNG) beside it</source>
        <translation>Also save the run&apos;s &amp;memory trace (CSV and PNG) beside it</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>&amp;Export</translation>
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
        <source>PNG image sequence (folder)</source>
        <translation>PNG image sequence (folder)</translation>
    </message>
    <message>
        <source>%1 (%2 × %3)</source>
        <translation>%1 (%2 × %3)</translation>
    </message>
    <message>
        <source>As generated</source>
        <translation>As generated</translation>
    </message>
    <message>
        <source>Half</source>
        <translation>Half</translation>
    </message>
    <message>
        <source>Double</source>
        <translation>Double</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Custom</translation>
    </message>
    <message>
        <source>Format default (%1)</source>
        <translation>Format default (%1)</translation>
    </message>
    <message>
        <source>Not used by this format</source>
        <translation>Not used by this format</translation>
    </message>
    <message>
        <source>%1 (*%2)</source>
        <translation>%1 (*%2)</translation>
    </message>
    <message>
        <source>Choose a file name.</source>
        <translation>Choose a file name.</translation>
    </message>
    <message>
        <source>The folder %1 does not exist.</source>
        <translation>The folder %1 does not exist.</translation>
    </message>
    <message>
        <source>The folder %1 cannot be written to.</source>
        <translation>The folder %1 cannot be written to.</translation>
    </message>
    <message>
        <source>%1 is a folder: choose a file name.</source>
        <translation>%1 is a folder: choose a file name.</translation>
    </message>
    <message>
        <source>Replace the file?</source>
        <translation>Replace the file?</translation>
    </message>
    <message>
        <source>%1 already exists.</source>
        <translation>%1 already exists.</translation>
    </message>
    <message>
        <source>Replacing it overwrites what is there now.</source>
        <translation>Replacing it overwrites what is there now.</translation>
    </message>
    <message>
        <source>&amp;Replace</source>
        <translation>&amp;Replace</translation>
    </message>
    <message>
        <source>&amp;Keep it</source>
        <translation>&amp;Keep it</translation>
    </message>
</context>
<context>
    <name>FamilyKnob</name>
    <message>
        <source>Dynamic guidance</source>
        <translation>Dynamic guidance</translation>
    </message>
    <message>
        <source>Raises the guidance from 1 towards 1 + the guidance scale along a cosine over the steps (diffusers&apos; use_dynamic_cfg); off: the same guidance at every step.</source>
        <translation>Raises the guidance from 1 towards 1 + the guidance scale along a cosine over the steps (diffusers&apos; use_dynamic_cfg); off: the same guidance at every step.</translation>
    </message>
    <message>
        <source>Flow shift</source>
        <translation>Flow shift</translation>
    </message>
    <message>
        <source>Shifts the sampler&apos;s noise levels towards the noisy end: higher values spend more steps on composition and motion. The model&apos;s scheduler config gives the default (3 for 480p, 5 for 720p in Wan&apos;s repos).</source>
        <translation>Shifts the sampler&apos;s noise levels towards the noisy end: higher values spend more steps on composition and motion. The model&apos;s scheduler config gives the default (3 for 480p, 5 for 720p in Wan&apos;s repos).</translation>
    </message>
    <message>
        <source>Low-noise guidance</source>
        <translation>Low-noise guidance</translation>
    </message>
    <message>
        <source>The guidance scale of the low-noise expert (transformer_2), which runs the steps after the expert switch. Unset: the same as the guidance scale, as diffusers does.</source>
        <translation>The guidance scale of the low-noise expert (transformer_2), which runs the steps after the expert switch. Unset: the same as the guidance scale, as diffusers does.</translation>
    </message>
    <message>
        <source>Expert switch</source>
        <translation>Expert switch</translation>
    </message>
    <message>
        <source>Where the low-noise expert (transformer_2) takes over, as a fraction of the noise scale: steps whose timestep is below this ratio of 1000 run it. Lower values give more steps to the high-noise expert (composition and motion). The model&apos;s model_index.json gives the default (0.875 for T2V-A14B, 0.9 for I2V-A14B).</source>
        <translation>Where the low-noise expert (transformer_2) takes over, as a fraction of the noise scale: steps whose timestep is below this ratio of 1000 run it. Lower values give more steps to the high-noise expert (composition and motion). The model&apos;s model_index.json gives the default (0.875 for T2V-A14B, 0.9 for I2V-A14B).</translation>
    </message>
</context>
<context>
    <name>FarmDialog</name>
    <message>
        <source>Send queue to farm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None (CPU nodes)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>e.g. --qos=high --account=art</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each job&apos;s own model folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n waiting job(s) will be submitted to Slurm as one job array, one task per job. Each clip and its sidecar are written to the output folder.</source>
        <translation>
            <numerusform>%n waiting job will be submitted to Slurm as a job array of one task. Its clip and sidecar are written to the output folder.</numerusform>
            <numerusform>%n waiting jobs will be submitted to Slurm as one job array, one task per job. Each clip and its sidecar are written to the output folder.</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Partition:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Output folder (shared storage):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;GPUs per job:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Extra sbatch arguments:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Model folder on the cluster:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Submit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the Slurm partition the jobs run in.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A partition name has no blanks or &apos;#&apos;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose an existing output folder on storage the cluster&apos;s nodes share.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slurm cannot write logs to a folder whose path has blanks: choose another.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The model folder does not exist here; leave it empty to use each job&apos;s own.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not an sbatch option: write each as --name=value.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FarmSender</name>
    <message>
        <source>%1 could not be started: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was submitted: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no job needed it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>framesmith-cli farm submit failed (exit code %1)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>FieldValidation</name>
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
        <source>Start image</source>
        <translation>Start image</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Output</translation>
    </message>
    <message>
        <source>must be between %1 and %2, not %3</source>
        <translation>must be between %1 and %2, not %3</translation>
    </message>
    <message>
        <source>must be a multiple of %1, not %2</source>
        <translation>must be a multiple of %1, not %2</translation>
    </message>
    <message>
        <source>this model only runs at %1 × %2 px</source>
        <translation>this model only runs at %1 × %2 px</translation>
    </message>
    <message>
        <source>this model turns a start image into a video: choose one</source>
        <translation>this model turns a start image into a video: choose one</translation>
    </message>
    <message>
        <source>this model is text-to-video only: clear the start image</source>
        <translation>this model is text-to-video only: clear the start image</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>must be a whole number from 0 to 18446744073709551615</source>
        <translation>must be a whole number from 0 to 18446744073709551615</translation>
    </message>
    <message>
        <source>the clip cannot be saved in %1: the folder is not writable</source>
        <translation>the clip cannot be saved in %1: the folder is not writable</translation>
    </message>
    <message>
        <source>Sampler</source>
        <translation>Sampler</translation>
    </message>
    <message>
        <source>must be %1 for this model (e.g. %2), not %3</source>
        <translation>must be %1 for this model (e.g. %2), not %3</translation>
    </message>
    <message>
        <source>this model does not offer the sampler %1: choose another</source>
        <translation>this model does not offer the sampler %1: choose another</translation>
    </message>
    <message>
        <source>References</source>
        <translation>References</translation>
    </message>
    <message>
        <source>this model takes no reference videos or images: clear them</source>
        <translation>this model takes no reference videos or images: clear them</translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Negative prompt</source>
        <translation>Negative prompt</translation>
    </message>
    <message>
        <source>is %1 characters long; at most %2 are accepted (the text encoder reads only about the first thousand): shorten it</source>
        <translation>is %1 characters long; at most %2 are accepted (the text encoder reads only about the first thousand): shorten it</translation>
    </message>
    <message>
        <source>this model has no such setting: clear it</source>
        <translation>this model has no such setting: clear it</translation>
    </message>
    <message>
        <source>must be %1, not %2</source>
        <translation>must be %1, not %2</translation>
    </message>
    <message>
        <source>on or off</source>
        <translation>on or off</translation>
    </message>
    <message>
        <source>a whole number</source>
        <translation>a whole number</translation>
    </message>
    <message>
        <source>a number</source>
        <translation>a number</translation>
    </message>
    <message>
        <source>a text</source>
        <translation>a text</translation>
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
        <translation>%1N+%2 (%3)</translation>
    </message>
    <message>
        <source> or </source>
        <translation> or </translation>
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
        <source>No clips yet. Generated clips appear here with their parameters.</source>
        <translation>No clips yet. Generated clips appear here with their parameters.</translation>
    </message>
    <message>
        <source>Prompt: %1
Model: %2
Preset: %3
Total time: %4 s</source>
        <translation>Prompt: %1
Model: %2
Preset: %3
Total time: %4 s</translation>
    </message>
    <message>
        <source>&amp;Load its settings</source>
        <translation>&amp;Load its settings</translation>
    </message>
    <message>
        <source>&amp;Rename…</source>
        <translation>&amp;Rename…</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>Show in &amp;folder</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Delete…</translation>
    </message>
    <message>
        <source>%1 · no clip: latents of %2 of %3 steps kept (right-click: Decode again)</source>
        <translation>%1 · no clip: latents of %2 of %3 steps kept (right-click: Decode again)</translation>
    </message>
    <message>
        <source>Decode &amp;again…</source>
        <translation>Decode &amp;again…</translation>
    </message>
    <message>
        <source>Make the clip from the kept latents with other VAE settings</source>
        <translation>Make the clip from the kept latents with other VAE settings</translation>
    </message>
    <message>
        <source>Regenerate</source>
        <translation>Regenerate</translation>
    </message>
    <message>
        <source>Generate this clip again with exactly its parameters and memory preset</source>
        <translation>Generate this clip again with exactly its parameters and memory preset</translation>
    </message>
    <message>
        <source>Re&amp;sume</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Continue the paused run at step %1 of %2</source>
        <translation type="unfinished">Continue the paused run at step %1 of %2</translation>
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
    <message>
        <source>&apos;%1&apos; is not a valid history id</source>
        <translation>&apos;%1&apos; is not a valid history id</translation>
    </message>
    <message>
        <source>the file name is not a history id</source>
        <translation>the file name is not a history id</translation>
    </message>
    <message>
        <source>not enough memory to read it</source>
        <translation>not enough memory to read it</translation>
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
    <name>KnobFields</name>
    <message>
        <source>%1:</source>
        <translation>%1:</translation>
    </message>
    <message>
        <source>Model default</source>
        <translation>Model default</translation>
    </message>
</context>
<context>
    <name>LoraDetails</name>
    <message>
        <source>Title: %1</source>
        <translation>Title: %1</translation>
    </message>
    <message numerus="yes">
        <source>Layout: %1, rank %2, %n module(s), %3</source>
        <translation>
            <numerusform>Layout: %1, rank %2, %n module, %3</numerusform>
            <numerusform>Layout: %1, rank %2, %n modules, %3</numerusform>
        </translation>
    </message>
    <message>
        <source>none (full deltas)</source>
        <translation>none (full deltas)</translation>
    </message>
    <message>
        <source>Base model: %1</source>
        <translation>Base model: %1</translation>
    </message>
    <message>
        <source>Network dim %1, alpha %2</source>
        <translation>Network dim %1, alpha %2</translation>
    </message>
    <message>
        <source>Trigger words: %1</source>
        <translation>Trigger words: %1</translation>
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
        <translation>This file cannot be used as a LoRA.</translation>
    </message>
    <message>
        <source>LoRAs</source>
        <translation>LoRAs</translation>
    </message>
    <message>
        <source>Add LoRA…</source>
        <translation>Add LoRA…</translation>
    </message>
    <message>
        <source>Add LoRA files to the LoRA panel</source>
        <translation>Add LoRA files to the LoRA panel</translation>
    </message>
</context>
<context>
    <name>LoraFolderMenu</name>
    <message>
        <source>%1 (high and low noise pair)</source>
        <translation>%1 (high and low noise pair)</translation>
    </message>
    <message>
        <source>No LoRA files in %1</source>
        <translation>No LoRA files in %1</translation>
    </message>
    <message>
        <source>Add a LoRA folder…</source>
        <translation>Add a LoRA folder…</translation>
    </message>
    <message>
        <source>Choose a folder of LoRA files (e.g. ComfyUI&apos;s models/loras)</source>
        <translation>Choose a folder of LoRA files (e.g. ComfyUI&apos;s models/loras)</translation>
    </message>
    <message>
        <source>Found</source>
        <translation>Found</translation>
    </message>
    <message>
        <source>LoRA files in the data folder&apos;s loras/ and the folders you added</source>
        <translation>LoRA files in the data folder&apos;s loras/ and the folders you added</translation>
    </message>
</context>
<context>
    <name>LoraPanel</name>
    <message>
        <source>%1 is not a .safetensors file</source>
        <translation>%1 is not a .safetensors file</translation>
    </message>
    <message>
        <source>%1 and %2 are a high/low-noise pair: both are added, each on its expert</source>
        <translation>%1 and %2 are a high/low-noise pair: both are added, each on its expert</translation>
    </message>
    <message>
        <source>Add LoRAs</source>
        <translation>Add LoRAs</translation>
    </message>
    <message>
        <source>LoRA files (*.safetensors)</source>
        <translation>LoRA files (*.safetensors)</translation>
    </message>
    <message>
        <source>Add…</source>
        <translation>Add…</translation>
    </message>
    <message>
        <source>Add LoRA files (.safetensors)</source>
        <translation>Add LoRA files (.safetensors)</translation>
    </message>
    <message>
        <source>No LoRA. Drop .safetensors files here or on the window, or add them.</source>
        <translation>No LoRA. Drop .safetensors files here or on the window, or add them.</translation>
    </message>
    <message>
        <source>Hover a name for its training notes and trigger words.</source>
        <translation>Hover a name for its training notes and trigger words.</translation>
    </message>
</context>
<context>
    <name>LoraRow</name>
    <message>
        <source>Apply this LoRA</source>
        <translation>Apply this LoRA</translation>
    </message>
    <message>
        <source>Strength: 1 applies the LoRA as trained, 0 not at all, negative values invert it</source>
        <translation>Strength: 1 applies the LoRA as trained, 0 not at all, negative values invert it</translation>
    </message>
    <message>
        <source>Both experts</source>
        <translation>Both experts</translation>
    </message>
    <message>
        <source>High noise</source>
        <translation>High noise</translation>
    </message>
    <message>
        <source>Low noise</source>
        <translation>Low noise</translation>
    </message>
    <message>
        <source>Which expert transformer of the model takes this LoRA</source>
        <translation>Which expert transformer of the model takes this LoRA</translation>
    </message>
    <message>
        <source>Remove this LoRA</source>
        <translation>Remove this LoRA</translation>
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
        <translation>&amp;Generate</translation>
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
        <source>Cannot generate: %1</source>
        <translation>Cannot generate: %1</translation>
    </message>
    <message>
        <source>Choose a model folder</source>
        <translation>Choose a model folder</translation>
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
        <source>&amp;Undo</source>
        <translation>&amp;Undo</translation>
    </message>
    <message>
        <source>Keep the loaded settings and close this bar</source>
        <translation>Keep the loaded settings and close this bar</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Edit</translation>
    </message>
    <message>
        <source>&amp;Undo loading from history</source>
        <translation>&amp;Undo loading from history</translation>
    </message>
    <message>
        <source>Save &amp;memory trace…</source>
        <translation>Save &amp;memory trace…</translation>
    </message>
    <message>
        <source>Save the memory graph&apos;s samples (CSV) and picture (PNG)</source>
        <translation>Save the memory graph&apos;s samples (CSV) and picture (PNG)</translation>
    </message>
    <message>
        <source>Stopping the run and keeping its latents, then quitting…</source>
        <translation>Stopping the run and keeping its latents, then quitting…</translation>
    </message>
    <message>
        <source>Stopping the run and keeping its latents…</source>
        <translation>Stopping the run and keeping its latents…</translation>
    </message>
    <message>
        <source>Checking the model&apos;s files…</source>
        <translation>Checking the model&apos;s files…</translation>
    </message>
    <message>
        <source>The model&apos;s files are damaged or missing: see the model box</source>
        <translation>The model&apos;s files are damaged or missing: see the model box</translation>
    </message>
    <message>
        <source>Your settings from before loading the clip are back</source>
        <translation>Your settings from before loading the clip are back</translation>
    </message>
    <message>
        <source>The settings of the clip from %1 are loaded.</source>
        <translation>The settings of the clip from %1 are loaded.</translation>
    </message>
    <message>
        <source>Put back the settings you had before loading this clip (Ctrl+Z)</source>
        <translation>Put back the settings you had before loading this clip (Ctrl+Z)</translation>
    </message>
    <message>
        <source>Put back the settings you had before loading a clip from the history</source>
        <translation>Put back the settings you had before loading a clip from the history</translation>
    </message>
    <message>
        <source>Add to &amp;queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>Finish the current step, save the run to disk and free the GPU; Resume continues it at the same step</source>
        <translation>Finish the current step, save the run to disk and free the GPU; Resume continues it at the same step</translation>
    </message>
    <message>
        <source>Demo model</source>
        <translation>Demo model</translation>
    </message>
</context>
<context>
    <name>MemoryDisplay</name>
    <message>
        <source>GPU memory: live</source>
        <translation>GPU memory: live</translation>
    </message>
    <message>
        <source>No GPU: showing RAM</source>
        <translation>No GPU: showing RAM</translation>
    </message>
    <message>
        <source>Checking the model&apos;s files…</source>
        <translation>Checking the model&apos;s files…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: the picture could not be written</source>
        <translation>%1: the picture could not be written</translation>
    </message>
    <message>
        <source>Save memory trace</source>
        <translation>Save memory trace</translation>
    </message>
    <message>
        <source>Memory trace (*.memory.csv)</source>
        <translation>Memory trace (*.memory.csv)</translation>
    </message>
    <message>
        <source>Saved %1.memory.csv and .png</source>
        <translation>Saved %1.memory.csv and .png</translation>
    </message>
    <message>
        <source>The memory trace could not be saved.</source>
        <translation>The memory trace could not be saved.</translation>
    </message>
    <message>
        <source>No GPU on this machine: the lines show RAM</source>
        <translation>No GPU on this machine: the lines show RAM</translation>
    </message>
    <message>
        <source>the plan&apos;s %1 on top of %2 in use</source>
        <translation>the plan&apos;s %1 on top of %2 in use</translation>
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
        <translation>RAM</translation>
    </message>
    <message>
        <source>VRAM</source>
        <translation>VRAM</translation>
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
        <translation>No memory forecast: %1</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>Fits</translation>
    </message>
    <message>
        <source>“%1”</source>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>Does not fit (%1); it would with %2</source>
        <translation>Does not fit (%1); it would with %2</translation>
    </message>
    <message>
        <source>Does not fit (%1); it would with all of %2</source>
        <translation>Does not fit (%1); it would with all of %2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source>Does not fit (%1): no memory setting is enough; use fewer frames, a smaller size or a larger GPU</source>
        <translation>Does not fit (%1): no memory setting is enough; use fewer frames, a smaller size or a larger GPU</translation>
    </message>
    <message>
        <source>Auto picks the preset “%1”</source>
        <translation>Auto picks the preset “%1”</translation>
    </message>
    <message>
        <source>No memory forecast until the parameters are valid (see the message under the form)</source>
        <translation>No memory forecast until the parameters are valid (see the message under the form)</translation>
    </message>
    <message>
        <source>%1 (too much)</source>
        <translation>%1 (too much)</translation>
    </message>
    <message>
        <source>%1 on %2: %3 of %4</source>
        <translation>%1 on %2: %3 of %4</translation>
    </message>
    <message>
        <source>%1 needs %2 of RAM, this process may use %3%4</source>
        <translation>%1 needs %2 of RAM, this process may use %3%4</translation>
    </message>
    <message>
        <source> (limited by %1)</source>
        <translation> (limited by %1)</translation>
    </message>
    <message>
        <source>%1 needs %2 on %3, which has %4</source>
        <translation>%1 needs %2 on %3, which has %4</translation>
    </message>
    <message>
        <source>%1 %2 of %3</source>
        <translation>%1 %2 of %3</translation>
    </message>
    <message>
        <source>a GPU of %1</source>
        <translation>a GPU of %1</translation>
    </message>
    <message>
        <source>%1 GPUs of %2</source>
        <translation>%1 GPUs of %2</translation>
    </message>
    <message>
        <source>Here on the CPU (no GPU): %1. On %2 that you choose: %3</source>
        <translation>Here on the CPU (no GPU): %1. On %2 that you choose: %3</translation>
    </message>
    <message>
        <source>Here: %1. “%2” is for several GPUs; on %3 that you choose: %4</source>
        <translation>Here: %1. “%2” is for several GPUs; on %3 that you choose: %4</translation>
    </message>
    <message>
        <source>Planned for %1 that you choose:</source>
        <translation>Planned for %1 that you choose:</translation>
    </message>
</context>
<context>
    <name>MemoryGraphFeeder</name>
    <message>
        <source>System RAM used</source>
        <translation>System RAM used</translation>
    </message>
    <message>
        <source>Framesmith (RAM)</source>
        <translation>Framesmith (RAM)</translation>
    </message>
    <message>
        <source>Other programs (RAM)</source>
        <translation>Other programs (RAM)</translation>
    </message>
    <message>
        <source>%1: other processes</source>
        <translation>%1: other processes</translation>
    </message>
    <message>
        <source>Framesmith on GPU %1 (reserved)</source>
        <translation>Framesmith on GPU %1 (reserved)</translation>
    </message>
    <message>
        <source>Framesmith on GPU %1 (in use)</source>
        <translation>Framesmith on GPU %1 (in use)</translation>
    </message>
    <message>
        <source>System RAM</source>
        <translation>System RAM</translation>
    </message>
    <message>
        <source>Memory kept rising: cache released every step</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory still rising: paused to disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Another program took GPU memory: re-planned</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2 takes over</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ModelChoices</name>
    <message>
        <source>demo, random weights</source>
        <translation>demo, random weights</translation>
    </message>
    <message>
        <source>Hugging Face: %1</source>
        <translation>Hugging Face: %1</translation>
    </message>
    <message>
        <source>ModelScope: %1</source>
        <translation>ModelScope: %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>%1 – cannot run</source>
        <translation>%1 – cannot run</translation>
    </message>
    <message>
        <source>Other folder…</source>
        <translation>Other folder…</translation>
    </message>
    <message>
        <source>Making the demo model…</source>
        <translation>Making the demo model…</translation>
    </message>
    <message>
        <source>The demo model could not be made.</source>
        <translation>The demo model could not be made.</translation>
    </message>
    <message>
        <source>Choose a model…</source>
        <translation>Choose a model…</translation>
    </message>
    <message>
        <source>Models found in the Hugging Face and ModelScope caches, folders you opened, and the demo model</source>
        <translation>Models found in the Hugging Face and ModelScope caches, folders you opened, and the demo model</translation>
    </message>
    <message>
        <source>Try the &amp;demo model</source>
        <translation>Try the &amp;demo model</translation>
    </message>
    <message>
        <source>A small model with random weights (its clips are noise) that runs in seconds on any computer: try every part of the app before downloading a real model</source>
        <translation>A small model with random weights (its clips are noise) that runs in seconds on any computer: try every part of the app before downloading a real model</translation>
    </message>
</context>
<context>
    <name>ModelDownloadDialog</name>
    <message>
        <source>This build of Framesmith cannot download: it was built without libcurl. `huggingface-cli download` fills the same cache.</source>
        <translation>This build of Framesmith cannot download: it was built without libcurl. `huggingface-cli download` fills the same cache.</translation>
    </message>
    <message>
        <source>Download models</source>
        <translation>Download models</translation>
    </message>
    <message>
        <source>Models of the supported families, as published on the Hugging Face Hub. They are saved in the Hugging Face cache, where Framesmith and other tools find them. An interrupted download continues where it stopped.</source>
        <translation>Models of the supported families, as published on the Hugging Face Hub. They are saved in the Hugging Face cache, where Framesmith and other tools find them. An interrupted download continues where it stopped.</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>Model</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Task</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Parameters</translation>
    </message>
    <message>
        <source>Download size</source>
        <translation>Download size</translation>
    </message>
    <message>
        <source>Hub repositories: %1</source>
        <translation>Hub repositories: %1</translation>
    </message>
    <message>
        <source>Image to video</source>
        <translation>Image to video</translation>
    </message>
    <message>
        <source>Text to video</source>
        <translation>Text to video</translation>
    </message>
    <message>
        <source>%1 billion</source>
        <translation>%1 billion</translation>
    </message>
    <message>
        <source>Hub &amp;token:</source>
        <translation>Hub &amp;token:</translation>
    </message>
    <message>
        <source>Only for gated or private models (hf_…)</source>
        <translation>Only for gated or private models (hf_…)</translation>
    </message>
    <message>
        <source>Using the token from HF_TOKEN or the Hugging Face token file</source>
        <translation>Using the token from HF_TOKEN or the Hugging Face token file</translation>
    </message>
    <message>
        <source>&amp;Download</source>
        <translation>&amp;Download</translation>
    </message>
    <message>
        <source>&amp;Cancel download</source>
        <translation>&amp;Cancel download</translation>
    </message>
    <message>
        <source>&amp;Open this model</source>
        <translation>&amp;Open this model</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>asking the Hub…</source>
        <translation>asking the Hub…</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>unknown</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>%1 h %2 min</source>
        <translation>%1 h %2 min</translation>
    </message>
    <message>
        <source>Asking the Hub for the files of %1…</source>
        <translation>Asking the Hub for the files of %1…</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Stopping…</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 of %2</translation>
    </message>
    <message>
        <source>%1/s</source>
        <translation>%1/s</translation>
    </message>
    <message>
        <source>about %1 left</source>
        <translation>about %1 left</translation>
    </message>
    <message>
        <source>measuring the speed…</source>
        <translation>measuring the speed…</translation>
    </message>
    <message>
        <source>File %1 of %2: %3</source>
        <translation>File %1 of %2: %3</translation>
    </message>
    <message>
        <source>Done: %1 downloaded and checked. The model is in %2.</source>
        <translation>Done: %1 downloaded and checked. The model is in %2.</translation>
    </message>
    <message>
        <source>Already downloaded: every file was in the cache (%1).</source>
        <translation>Already downloaded: every file was in the cache (%1).</translation>
    </message>
    <message>
        <source>This model needs a Hugging Face token: accept its license on the model page (signed in), then enter a token above.</source>
        <translation>This model needs a Hugging Face token: accept its license on the model page (signed in), then enter a token above.</translation>
    </message>
    <message>
        <source>The download stopped; what was fetched is kept and continues next time.</source>
        <translation>The download stopped; what was fetched is kept and continues next time.</translation>
    </message>
    <message>
        <source>Download cancelled. What was fetched is kept: Download continues from there.</source>
        <translation>Download cancelled. What was fetched is kept: Download continues from there.</translation>
    </message>
</context>
<context>
    <name>ModelDownloadMenu</name>
    <message>
        <source>&amp;Download models…</source>
        <translation>&amp;Download models…</translation>
    </message>
    <message>
        <source>Download models from the Hugging Face Hub into its cache</source>
        <translation>Download models from the Hugging Face Hub into its cache</translation>
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
    <name>ParametersPanel</name>
    <message>
        <source>Parameters</source>
        <translation>Parameters</translation>
    </message>
    <message>
        <source>Memory &amp;preset:</source>
        <translation>Memory &amp;preset:</translation>
    </message>
    <message>
        <source>Right-click one of your own presets to rename it, delete it or show its file</source>
        <translation>Right-click one of your own presets to rename it, delete it or show its file</translation>
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
        <source>Plan for a &amp;GPU of:</source>
        <translation>Plan for a &amp;GPU of:</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>No GPU was found here: the forecast is for a GPU of this size</source>
        <translation>No GPU was found here: the forecast is for a GPU of this size</translation>
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
        <source>Model default</source>
        <translation>Model default</translation>
    </message>
    <message>
        <source>This model only runs at %1 × %2 px</source>
        <translation>This model only runs at %1 × %2 px</translation>
    </message>
    <message>
        <source>A multiple of %1 px, %2 to %3</source>
        <translation>A multiple of %1 px, %2 to %3</translation>
    </message>
    <message>
        <source>Frame counts this model accepts: %1</source>
        <translation>Frame counts this model accepts: %1</translation>
    </message>
    <message>
        <source>Add to &amp;queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Pause</translation>
    </message>
    <message>
        <source>Spee&amp;d:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>PlannedGpusEditor</name>
    <message>
        <source>How many GPUs the forecast plans a multi-GPU preset for, where this computer has fewer than two</source>
        <translation>How many GPUs the forecast plans a multi-GPU preset for, where this computer has fewer than two</translation>
    </message>
    <message>
        <source> GiB</source>
        <translation> GiB</translation>
    </message>
    <message>
        <source>The memory of each planned GPU</source>
        <translation>The memory of each planned GPU</translation>
    </message>
    <message>
        <source>GPUs of</source>
        <translation>GPUs of</translation>
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
        <source>Could not save the preset: %1</source>
        <translation>Could not save the preset: %1</translation>
    </message>
    <message>
        <source>Forecast: %1</source>
        <translation>Forecast: %1</translation>
    </message>
    <message>
        <source>&quot;%1&quot; cannot be combined with %2, so that was unticked: both set the same lever differently.</source>
        <translation>&quot;%1&quot; cannot be combined with %2, so that was unticked: both set the same lever differently.</translation>
    </message>
    <message>
        <source>, </source>
        <translation>, </translation>
    </message>
    <message>
        <source> MiB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Left free on every GPU for other programs (browser, desktop, another app); the plan uses only the rest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep &amp;free on each GPU:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Letters A-Z, digits, spaces, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;; this is also the name the command line uses</source>
        <translation>Letters A-Z, digits, spaces, &apos;-&apos;, &apos;_&apos; and &apos;.&apos;; this is also the name the command line uses</translation>
    </message>
    <message>
        <source>Plan for &amp;GPUs not here:</source>
        <translation>Plan for &amp;GPUs not here:</translation>
    </message>
</context>
<context>
    <name>PresetNames</name>
    <message>
        <source>Give the preset a name.</source>
        <translation>Give the preset a name.</translation>
    </message>
    <message>
        <source>The name is %1 characters long; at most %2 fit.</source>
        <translation>The name is %1 characters long; at most %2 fit.</translation>
    </message>
    <message>
        <source>A preset name cannot start with &apos;.&apos;.</source>
        <translation>A preset name cannot start with &apos;.&apos;.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is a built-in preset and cannot be changed: choose another name.</source>
        <translation>&quot;%1&quot; is a built-in preset and cannot be changed: choose another name.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; has characters a preset name cannot have: use letters A-Z, digits, spaces, &apos;-&apos;, &apos;_&apos; and &apos;.&apos; (the name is also the preset&apos;s file name and the command line&apos;s --preset).</source>
        <translation>&quot;%1&quot; has characters a preset name cannot have: use letters A-Z, digits, spaces, &apos;-&apos;, &apos;_&apos; and &apos;.&apos; (the name is also the preset&apos;s file name and the command line&apos;s --preset).</translation>
    </message>
    <message>
        <source>A preset name cannot start or end with a space.</source>
        <translation>A preset name cannot start or end with a space.</translation>
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
    <message>
        <source>%1 / %2 · %3 s</source>
        <translation>%1 / %2 · %3 s</translation>
    </message>
</context>
<context>
    <name>PromptPanel</name>
    <message>
        <source>Prompt</source>
        <translation>Prompt</translation>
    </message>
    <message>
        <source>Describe the clip: subject, action, setting, camera, light…</source>
        <translation>Describe the clip: subject, action, setting, camera, light…</translation>
    </message>
    <message>
        <source>No prompt: the clip will not follow any description (unconditioned).</source>
        <translation>No prompt: the clip will not follow any description (unconditioned).</translation>
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
        <source>%1 / %2 tokens</source>
        <translation>%1 / %2 tokens</translation>
    </message>
    <message>
        <source>The model reads the first %1 tokens: the end of the prompt is cut off</source>
        <translation>The model reads the first %1 tokens: the end of the prompt is cut off</translation>
    </message>
    <message>
        <source>The model reads up to %1 tokens of the prompt</source>
        <translation>The model reads up to %1 tokens of the prompt</translation>
    </message>
    <message>
        <source>Not a model folder: %1</source>
        <translation>Not a model folder: %1</translation>
    </message>
    <message>
        <source>%1: checking every file…</source>
        <translation>%1: checking every file…</translation>
    </message>
    <message numerus="yes">
        <source>%1 cannot run, %n file(s) missing or damaged: %2</source>
        <translation>
            <numerusform>%1 cannot run, %n file missing or damaged: %2</numerusform>
            <numerusform>%1 cannot run, %n files missing or damaged: %2</numerusform>
        </translation>
    </message>
    <message>
        <source>Folder of a video model (its family is recognised from its files)</source>
        <translation>Folder of a video model (its family is recognised from its files)</translation>
    </message>
    <message>
        <source>%1, image-to-video: frames %2</source>
        <translation>%1, image-to-video: frames %2</translation>
    </message>
    <message>
        <source>%1, text-to-video: frames %2</source>
        <translation>%1, text-to-video: frames %2</translation>
    </message>
    <message>
        <source>This model guides with its own empty caption: no negative prompt</source>
        <translation>This model guides with its own empty caption: no negative prompt</translation>
    </message>
    <message>
        <source>&lt;b&gt;Demo model:&lt;/b&gt; random weights, the output is noise. Real clips need real weights: &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;</source>
        <translation>&lt;b&gt;Demo model:&lt;/b&gt; random weights, the output is noise. Real clips need real weights: &lt;a href=&quot;%1&quot;&gt;%2&lt;/a&gt;</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>Clear</translation>
    </message>
    <message>
        <source>Generate without the reference videos and images</source>
        <translation>Generate without the reference videos and images</translation>
    </message>
    <message>
        <source>%1, text or image to video: frames %2</source>
        <translation>%1, text or image to video: frames %2</translation>
    </message>
    <message numerus="yes">
        <source>Also conditioned on %n reference(s) (%1), mask strategy &quot;%2&quot;</source>
        <translation>
            <numerusform>Also conditioned on %n reference (%1), mask strategy &quot;%2&quot;</numerusform>
            <numerusform>Also conditioned on %n references (%1), mask strategy &quot;%2&quot;</numerusform>
        </translation>
    </message>
    <message>
        <source>No model chosen yet: pick one in the list, Browse for a folder, or try the demo model.</source>
        <translation>No model chosen yet: pick one in the list, Browse for a folder, or try the demo model.</translation>
    </message>
</context>
<context>
    <name>QueueDock</name>
    <message>
        <source>The form cannot run as it is: the job keeps its settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The queued job now has the form&apos;s settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add the clip to the render queue; it runs after the jobs before it (Ctrl+Shift+Return)</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) added to the queue</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Variations are made from the form, which cannot run as it is</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Submitting %n job(s) to partition %1…</source>
        <translation>
            <numerusform>Submitting %n job to partition %1…</numerusform>
            <numerusform>Submitting %n jobs to partition %1…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n job(s) sent to the farm as array %1 (framesmith-cli farm status %1)</source>
        <translation>
            <numerusform>%n job sent to the farm as array %1 (framesmith-cli farm status %1)</numerusform>
            <numerusform>%n jobs sent to the farm as array %1 (framesmith-cli farm status %1)</numerusform>
        </translation>
    </message>
    <message>
        <source>Send queue to farm</source>
        <translation>Send queue to farm</translation>
    </message>
    <message>
        <source>The queue was not sent to the farm.</source>
        <translation>The queue was not sent to the farm.</translation>
    </message>
</context>
<context>
    <name>QueuePanel</name>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Prompt</source>
        <translation type="unfinished">Prompt</translation>
    </message>
    <message>
        <source>Preset</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Planned peak</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move &amp;up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move &amp;down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Load into form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Put this job&apos;s settings on the form (double-click does the same)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Update from form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The waiting job takes the settings now on the form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Cancel job</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Pause queue</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>While paused no new job starts; a running job finishes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Variations…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue several seeds or prompts made from the form</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear &amp;finished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On the farm (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>On the farm</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Send to &amp;farm…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Render the waiting jobs on a Slurm cluster instead of this machine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seed</source>
        <translation>Seed</translation>
    </message>
</context>
<context>
    <name>QueueStore</name>
    <message>
        <source>not a queue job (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown state &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue job %1 skipped: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot create the queue folder %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot save the queue job %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>RunControls</name>
    <message>
        <source>Stop the run?</source>
        <translation>Stop the run?</translation>
    </message>
    <message>
        <source>Stop after the step under way?</source>
        <translation>Stop after the step under way?</translation>
    </message>
    <message>
        <source>Stop decoding the clip?</source>
        <translation>Stop decoding the clip?</translation>
    </message>
    <message>
        <source>The run is kept in the history: Resume continues it at the next step.</source>
        <translation>The run is kept in the history: Resume continues it at the next step.</translation>
    </message>
    <message>
        <source>The denoised latents stay in the history (right-click: Decode again), but no clip is made now.</source>
        <translation>The denoised latents stay in the history (right-click: Decode again), but no clip is made now.</translation>
    </message>
    <message>
        <source>Nothing has been denoised yet.</source>
        <translation>Nothing has been denoised yet.</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>&amp;Stop</translation>
    </message>
    <message>
        <source>&amp;Keep running</source>
        <translation>&amp;Keep running</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>Stop</translation>
    </message>
    <message>
        <source>A clip is being generated</source>
        <translation>A clip is being generated</translation>
    </message>
    <message>
        <source>Generate the clip (Ctrl+Return)</source>
        <translation>Generate the clip (Ctrl+Return)</translation>
    </message>
    <message>
        <source>Stop the run: while denoising it stops after the step under way and stays in the history, where Resume continues it (Esc asks first)</source>
        <translation>Stop the run: while denoising it stops after the step under way and stays in the history, where Resume continues it (Esc asks first)</translation>
    </message>
    <message>
        <source>Stopping…</source>
        <translation>Stopping…</translation>
    </message>
    <message>
        <source>Nothing is running</source>
        <translation>Nothing is running</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>&amp;Resume</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>&amp;Pause</translation>
    </message>
    <message>
        <source>Continue the paused run at step %1 of %2</source>
        <translation>Continue the paused run at step %1 of %2</translation>
    </message>
    <message>
        <source>Finish the current step, save the run to disk and free the GPU; Resume continues it at the same step</source>
        <translation>Finish the current step, save the run to disk and free the GPU; Resume continues it at the same step</translation>
    </message>
    <message>
        <source>Pausing after the step under way…</source>
        <translation>Pausing after the step under way…</translation>
    </message>
</context>
<context>
    <name>RunLauncher</name>
    <message>
        <source>No prompt</source>
        <translation>No prompt</translation>
    </message>
    <message>
        <source>Generate without a prompt?</source>
        <translation>Generate without a prompt?</translation>
    </message>
    <message>
        <source>Without a description the clip follows nothing in particular (an unconditioned clip).</source>
        <translation>Without a description the clip follows nothing in particular (an unconditioned clip).</translation>
    </message>
    <message>
        <source>&amp;Generate anyway</source>
        <translation>&amp;Generate anyway</translation>
    </message>
    <message>
        <source>Generating…</source>
        <translation>Generating…</translation>
    </message>
    <message>
        <source>Nothing is running</source>
        <translation>Nothing is running</translation>
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
        <source>The memory trace was not saved: %1</source>
        <translation>The memory trace was not saved: %1</translation>
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
    <message numerus="yes">
        <source>The denoised latents were kept, so the %n denoising step(s) are not lost. Decode them again with other VAE settings (smaller tiles use less memory).</source>
        <translation>
            <numerusform>The denoised latents were kept, so the %n denoising step is not lost. Decode them again with other VAE settings (smaller tiles use less memory).</numerusform>
            <numerusform>The denoised latents were kept, so the %n denoising steps are not lost. Decode them again with other VAE settings (smaller tiles use less memory).</numerusform>
        </translation>
    </message>
    <message>
        <source>Decode &amp;again…</source>
        <translation>Decode &amp;again…</translation>
    </message>
    <message>
        <source>; the latents are kept in the history (right-click: Decode again)</source>
        <translation>; the latents are kept in the history (right-click: Decode again)</translation>
    </message>
    <message>
        <source>A clip is being generated</source>
        <translation>A clip is being generated</translation>
    </message>
    <message>
        <source>Decoding the kept latents…</source>
        <translation>Decoding the kept latents…</translation>
    </message>
    <message>
        <source>Decoding the latents of the interrupted queue job…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pausing after this step…</source>
        <translation>Pausing after this step…</translation>
    </message>
    <message numerus="yes">
        <source>Paused after %n step(s): the run is saved and the GPU memory is free; Resume continues it</source>
        <translation>
            <numerusform>Paused after %n step: the run is saved and the GPU memory is free; Resume continues it</numerusform>
            <numerusform>Paused after %n steps: the run is saved and the GPU memory is free; Resume continues it</numerusform>
        </translation>
    </message>
    <message>
        <source>Resuming the paused run at step %1…</source>
        <translation>Resuming the paused run at step %1…</translation>
    </message>
    <message>
        <source>A run is under way: resume the paused one when it ends</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stopping after this step; the run is kept in the history and can be resumed…</source>
        <translation>Stopping after this step; the run is kept in the history and can be resumed…</translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n step(s): the run is kept in the history; Resume continues it</source>
        <translation>
            <numerusform>Stopped after %n step: the run is kept in the history; Resume continues it</numerusform>
            <numerusform>Stopped after %n steps: the run is kept in the history; Resume continues it</numerusform>
        </translation>
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
    <message>
        <source>Part %1 of %2</source>
        <translation>Part %1 of %2</translation>
    </message>
    <message numerus="yes">
        <source>The decoder works through the clip in %n part(s): tiles of the picture and batches of frames</source>
        <translation>
            <numerusform>The decoder works through the clip in %n part: tiles of the picture and batches of frames</numerusform>
            <numerusform>The decoder works through the clip in %n parts: tiles of the picture and batches of frames</numerusform>
        </translation>
    </message>
    <message>
        <source>Decoding: part %1 of %2</source>
        <translation>Decoding: part %1 of %2</translation>
    </message>
</context>
<context>
    <name>RunQuitGuard</name>
    <message>
        <source>A clip is being generated</source>
        <translation>A clip is being generated</translation>
    </message>
    <message>
        <source>Quit while a clip is being generated?</source>
        <translation>Quit while a clip is being generated?</translation>
    </message>
    <message>
        <source>Stopping keeps the denoised latents on disk, so the run can be finished later; nothing is lost either way.</source>
        <translation>Stopping keeps the denoised latents on disk, so the run can be finished later; nothing is lost either way.</translation>
    </message>
    <message>
        <source>&amp;Keep running</source>
        <translation>&amp;Keep running</translation>
    </message>
    <message>
        <source>&amp;Stop and keep the latents</source>
        <translation>&amp;Stop and keep the latents</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
</context>
<context>
    <name>SpeedChoices</name>
    <message>
        <source>Quality</source>
        <translation>Quality</translation>
    </message>
    <message>
        <source>Skips the later transformer blocks of a step only when the first block&apos;s output barely changed since the last full step</source>
        <translation>Skips the later transformer blocks of a step only when the first block&apos;s output barely changed since the last full step</translation>
    </message>
    <message>
        <source>Balanced</source>
        <translation>Balanced</translation>
    </message>
    <message>
        <source>Fast</source>
        <translation>Fast</translation>
    </message>
    <message>
        <source>Runs the whole transformer only every third step (and the first two and the last); the steps between reuse the later blocks&apos; residual</source>
        <translation>Runs the whole transformer only every third step (and the first two and the last); the steps between reuse the later blocks&apos; residual</translation>
    </message>
    <message>
        <source>Off</source>
        <translation>Off</translation>
    </message>
    <message>
        <source>Every step runs every block: the exact result</source>
        <translation>Every step runs every block: the exact result</translation>
    </message>
    <message>
        <source>%1 (not measured for this model family)</source>
        <translation>%1 (not measured for this model family)</translation>
    </message>
    <message>
        <source>Runs the whole transformer every second step (and the first two and the last); the steps between reuse the later blocks&apos; residual</source>
        <translation>Runs the whole transformer every second step (and the first two and the last); the steps between reuse the later blocks&apos; residual</translation>
    </message>
    <message>
        <source>no faster on this machine</source>
        <translation>no faster on this machine</translation>
    </message>
    <message>
        <source>about %1× faster</source>
        <translation>about %1× faster</translation>
    </message>
    <message>
        <source>identical video</source>
        <translation>identical video</translation>
    </message>
    <message>
        <source>no visible change</source>
        <translation>no visible change</translation>
    </message>
    <message>
        <source>small changes in detail</source>
        <translation>small changes in detail</translation>
    </message>
    <message>
        <source>visible changes in detail</source>
        <translation>visible changes in detail</translation>
    </message>
    <message>
        <source>large changes</source>
        <translation>large changes</translation>
    </message>
    <message>
        <source>%1 — %2, %3</source>
        <translation>%1 — %2, %3</translation>
    </message>
    <message>
        <source>video PSNR %1 dB</source>
        <translation>video PSNR %1 dB</translation>
    </message>
    <message>
        <source>video identical</source>
        <translation>video identical</translation>
    </message>
    <message>
        <source>Measured by bench_step_cache on %1 against the uncached run with the same seed: denoising took %2× the speed, %3, the later blocks ran in %4 of %5 step passes, final latents differ by %6 % (relative L2)</source>
        <translation>Measured by bench_step_cache on %1 against the uncached run with the same seed: denoising took %2× the speed, %3, the later blocks ran in %4 of %5 step passes, final latents differ by %6 % (relative L2)</translation>
    </message>
</context>
<context>
    <name>StartImageGuard</name>
    <message>
        <source>Start image too large</source>
        <translation>Start image too large</translation>
    </message>
    <message>
        <source>%1 is %2 × %3 pixels (%4 million); a start image may have at most %5 million.</source>
        <translation>%1 is %2 × %3 pixels (%4 million); a start image may have at most %5 million.</translation>
    </message>
    <message>
        <source>Use a copy resized to %1 × %2 (it covers the clip&apos;s %3 × %4)? The original file is not changed.</source>
        <translation>Use a copy resized to %1 × %2 (it covers the clip&apos;s %3 × %4)? The original file is not changed.</translation>
    </message>
    <message>
        <source>&amp;Resize and use</source>
        <translation>&amp;Resize and use</translation>
    </message>
    <message>
        <source>cannot write %1</source>
        <translation>cannot write %1</translation>
    </message>
    <message>
        <source>Start image</source>
        <translation>Start image</translation>
    </message>
    <message>
        <source>The start image could not be resized.</source>
        <translation>The start image could not be resized.</translation>
    </message>
    <message>
        <source>%1 cannot be used as a start image: it could not be read as an image.</source>
        <translation>%1 cannot be used as a start image: it could not be read as an image.</translation>
    </message>
    <message>
        <source>Save it as an 8-bit PNG or JPEG about the clip&apos;s size and choose it again.</source>
        <translation>Save it as an 8-bit PNG or JPEG about the clip&apos;s size and choose it again.</translation>
    </message>
</context>
<context>
    <name>StepTimeText</name>
    <message>
        <source> (streams %1 s of weights per step)</source>
        <translation> (streams %1 s of weights per step)</translation>
    </message>
    <message>
        <source>about %1 s/step</source>
        <translation>about %1 s/step</translation>
    </message>
    <message>
        <source>%1–%2 s/step (not measured here yet)</source>
        <translation>%1–%2 s/step (not measured here yet)</translation>
    </message>
    <message>
        <source>Speed: %1, from the steps the last run of this model took on this computer</source>
        <translation>Speed: %1, from the steps the last run of this model took on this computer</translation>
    </message>
    <message>
        <source>Speed: %1. The low end is the step&apos;s arithmetic at this device&apos;s matmul rate; small and mid-size models spend much of a step elsewhere. The first run of this model here measures it, and the forecast then gives one figure.</source>
        <translation>Speed: %1. The low end is the step&apos;s arithmetic at this device&apos;s matmul rate; small and mid-size models spend much of a step elsewhere. The first run of this model here measures it, and the forecast then gives one figure.</translation>
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
    <message>
        <source>Smaller decode tiles</source>
        <translation>Smaller decode tiles</translation>
    </message>
    <message>
        <source>Decode in tiles smaller than the preset&apos;s</source>
        <translation>Decode in tiles smaller than the preset&apos;s</translation>
    </message>
</context>
<context>
    <name>UserPresetActions</name>
    <message>
        <source>&amp;Rename…</source>
        <translation>&amp;Rename…</translation>
    </message>
    <message>
        <source>Show in &amp;folder</source>
        <translation>Show in &amp;folder</translation>
    </message>
    <message>
        <source>&amp;Delete…</source>
        <translation>&amp;Delete…</translation>
    </message>
    <message>
        <source>Rename preset</source>
        <translation>Rename preset</translation>
    </message>
    <message>
        <source>New name for &quot;%1&quot;:</source>
        <translation>New name for &quot;%1&quot;:</translation>
    </message>
    <message>
        <source>The preset was not renamed.</source>
        <translation>The preset was not renamed.</translation>
    </message>
    <message>
        <source>A preset named &quot;%1&quot; exists already.</source>
        <translation>A preset named &quot;%1&quot; exists already.</translation>
    </message>
    <message>
        <source>Delete preset</source>
        <translation>Delete preset</translation>
    </message>
    <message>
        <source>Delete the preset &quot;%1&quot;?</source>
        <translation>Delete the preset &quot;%1&quot;?</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>&amp;Delete</translation>
    </message>
    <message>
        <source>The preset was not deleted.</source>
        <translation>The preset was not deleted.</translation>
    </message>
</context>
<context>
    <name>VariationsDialog</name>
    <message numerus="yes">
        <source>%n job(s) will be added to the queue.</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Queue variations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Seeds: clips with consecutive seeds from %1, how many:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Prompts: one clip per line below (other settings as on the form)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>VramGraph</name>
    <message>
        <source>Memory (GiB)</source>
        <translation>Memory (GiB)</translation>
    </message>
    <message>
        <source>t = %1 s</source>
        <translation>t = %1 s</translation>
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
        <translation>Time (s) · wheel: zoom · drag: pan · double-click: follow the run</translation>
    </message>
    <message>
        <source>%1: predicted peak %2</source>
        <translation>%1: predicted peak %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>↑ %1: %2</source>
        <translation>↑ %1: %2</translation>
    </message>
    <message>
        <source>Stage: %1</source>
        <translation>Stage: %1</translation>
    </message>
    <message>
        <source>%1: %2 of %3</source>
        <translation>%1: %2 of %3</translation>
    </message>
    <message>
        <source>Follow the run</source>
        <translation>Follow the run</translation>
    </message>
    <message>
        <source>Save trace (CSV and PNG)…</source>
        <translation>Save trace (CSV and PNG)…</translation>
    </message>
    <message>
        <source>Other programs (GiB)</source>
        <translation>Other programs (GiB)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
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
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory every run leaves free on each GPU, for the desktop and other programs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep VRAM Free</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every run keeps this much memory free on each GPU (MiB; 0: none).
A memory preset may keep more.</source>
        <translation type="unfinished"></translation>
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
