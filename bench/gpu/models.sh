# Sourced by bench/gpu/run.sh: the models the runbook writes and runs, where their configs are and
# the request each runs at (CogVideoX from tests/fixtures/cogvideox, Wan from tests/fixtures/wan).

# A Wan model's tiny fixture of the same kind: its configs (--tiny) and, always, its tokenizer and
# model_index.json (the full-size Wan configs carry neither).
wan_tiny() {
  case "$1" in wan-1.3b|wan-14b) echo wan2.1-t2v ;; wan-i2v-14b) echo wan2.1-i2v ;; wan-ti2v-5b) echo wan2.2-ti2v ;;
    wan-a14b) echo wan2.2-a14b ;; wan-i2v-a14b) echo wan2.2-i2v-a14b ;;
    *) die "no Wan model $1 (wan-1.3b, wan-14b, wan-i2v-14b, wan-ti2v-5b, wan-a14b, wan-i2v-a14b)" ;; esac
}
wan_repo() {
  case "$1" in wan-1.3b) echo Wan2.1-T2V-1.3B-Diffusers ;; wan-14b) echo Wan2.1-T2V-14B-Diffusers ;;
    wan-i2v-14b) echo Wan2.1-I2V-14B-480P-Diffusers ;; wan-ti2v-5b) echo Wan2.2-TI2V-5B-Diffusers ;;
    wan-a14b) echo Wan2.2-T2V-A14B-Diffusers ;; wan-i2v-a14b) echo Wan2.2-I2V-A14B-Diffusers ;; esac
}
config_dir() { # MODEL -> its config folder
  case "$1" in wan-*)
    if [ "$TINY" = 1 ]; then echo "$WAN_FIXTURES/models/$(wan_tiny "$1")"
    else wan_tiny "$1" > /dev/null; echo "$WAN_FIXTURES/full-size-configs/Wan-AI/$(wan_repo "$1")"; fi
    return ;;
  esac
  if [ "$TINY" = 1 ]; then
    case "$1" in 2b|5b|5b-i2v) echo "$FIXTURES/models/tiny-$1" ;; 1.5-5b-i2v) echo "$FIXTURES/models/tiny-1.5-i2v" ;;
      *) die "no tiny fixture for $1 (2b, 5b, 5b-i2v, 1.5-5b-i2v)" ;; esac
  else
    case "$1" in 1.5-*) echo "$FIXTURES/full-size-configs/cogvideox${1}" ;; *) echo "$FIXTURES/full-size-configs/cogvideox-$1" ;; esac
  fi
}
# MODEL -> FRAMES WIDTH HEIGHT GUIDANCE for its runs (--tiny: the small request for every model).
request_of() {
  GUIDANCE=6.0
  case "$1" in wan-*) GUIDANCE=5.0 ;; esac
  [ "$TINY" = 1 ] && return 0
  case "$1" in
    wan-ti2v-5b) FRAMES=121 WIDTH=1280 HEIGHT=704 ;;
    wan-*) FRAMES=81 WIDTH=832 HEIGHT=480 ;;
    *) FRAMES=49 WIDTH=720 HEIGHT=480 ;;
  esac
}
# The issue's memory goal for a (model, preset) the runbook runs: bytes, else nothing.
goal_bytes() {
  case "$1/$2" in wan-1.3b/low-memory) echo $((8 << 30)) ;; wan-ti2v-5b/max-speed) echo $((24 << 30)) ;; esac
}
