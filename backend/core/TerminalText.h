#pragma once
// Text from outside (file and folder names, prompts, a Slurm node name, sbatch's stderr) must not
// drive the terminal it is printed on: an ESC sequence could retitle the window, hide lines, move
// the cursor or, in some terminals, answer with keystrokes. escaped() writes every control
// character as a visible \xNN (C0 except line feed and tab, DEL, and the C1 controls U+0080..U+009F
// that 8-bit terminals read as CSI) and every byte that is not UTF-8 likewise; valid UTF-8 text
// (CJK prompts) passes unchanged. guard() puts the same filter in front of a stream, so the CLI's
// std::cout and std::cerr cannot carry a raw control character whatever is printed on them.
// Torch-free; escaped() on any thread, guard() once at start.
#include <ostream>
#include <string>
#include <string_view>

namespace framesmith {

class TerminalText {
public:
    static std::string escaped(std::string_view text, bool keepLineBreaks = true);

    // Everything written to `stream` from now on is escaped. The filter lives until the process ends.
    static void guard(std::ostream& stream);
};

} // namespace framesmith
