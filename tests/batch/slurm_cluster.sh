#!/usr/bin/env bash
# The Slurm job array on a real one-node cluster: starts munged, slurmctld and
# slurmd from Debian's packages (munge, slurmctld, slurmd, slurm-client) with a
# generated slurm.conf and munge key in a private temporary folder, writes the
# array script with `grader batch --slurm-script` (partition, account, time and
# CPUs given), submits it the way the script's header tells an instructor
# (`bash grade.sbatch`: the array, then the merge job after it), waits for
# every job, and checks that every array task and the merge job COMPLETED.
# Then it runs the merge command the shards print (with --course) and compares
# its gradebook.csv, and the merge job's, with a single-process `grader batch`
# of the same class: the gradebook has no timing columns, so they must be equal.
# The gpu backend's script (`--gres=gpu:1`) is checked with `sbatch
# --test-only` against a node that declares one GPU; nothing runs on a GPU.
#
# The cluster needs no systemd, no cgroups and no database: the daemons run as
# root in the background of this script, proctrack/linuxproc and task/none
# track the jobs, accounting is off (sacct needs slurmdbd), and the final
# states come from jobcomp/filetxt. Ports are picked free and every file lives
# in the temporary folder, so two runs at once do not meet; on every exit the
# jobs are cancelled, the daemons stopped and the folder removed.
# Non-goals: more than one node, a real GPU, Slurm's own features.
#
# Exit status: 0 passed, 1 failed (the daemons' logs are printed), 77 skipped
# where the packages are absent or not running as root (slurmd must be root).
# Usage: slurm_cluster.sh GRADER KIT_DIR
set -euo pipefail
grader=$(realpath "$1")
kit=$(realpath "$2")
shards=4  # the sample class hashes into 3, 3, 1 and 2 students
wait_seconds=300

for tool in munged mungekey slurmctld slurmd sbatch squeue scontrol scancel sinfo; do
  command -v "$tool" >/dev/null 2>&1 ||
    { echo "skipped: no $tool here (scripts/install-deps.sh --tests installs munge slurmctld slurmd slurm-client)"; exit 77; }
done
[ "$(id -u)" = 0 ] || { echo "skipped: slurmd runs jobs only as root, and this runs as $(id -un)"; exit 77; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/grader-slurm.XXXXXX")
chmod 755 "$tmp"  # munged wants its socket's folder searchable by everyone
conf=$tmp/slurm.conf
daemons=()  # pids of the daemons this script started: munged, slurmctld, slurmd
slurm() { SLURM_CONF=$conf "$@"; }
cluster_started() { [ ${#daemons[@]} -ge 2 ]; }

cleanup() {
  local status=$? pid i
  trap - EXIT INT TERM
  set +e
  if [ "$status" != 0 ]; then
    cluster_started && { echo "---- squeue"; slurm squeue 2>&1; }
    for log in "$tmp"/*.log "$tmp"/results/slurm/*.log; do
      [ -f "$log" ] && { echo "---- $log"; tail -n 40 "$log"; }
    done
  fi
  if cluster_started && slurm squeue -h -o %i 2>/dev/null | grep -q .; then
    slurm scancel --quiet --user=root 2>/dev/null
    for i in $(seq 20); do slurm squeue -h -o %i 2>/dev/null | grep -q . || break; sleep 1; done
  fi
  for pid in "${daemons[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${daemons[@]}"; do
    for i in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$pid" 2>/dev/null
  done
  # Whatever the cluster started and left (a job step's processes) carries this run's SLURM_CONF.
  for pid in $(grep -lsxzF "SLURM_CONF=$conf" /proc/[0-9]*/environ | cut -d/ -f3); do kill -KILL "$pid" 2>/dev/null; done
  rm -rf "$tmp"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

fail() { echo "FAIL: $*"; exit 1; }

# Polls COMMAND every second until it succeeds; fails after SECONDS with WHAT.
wait_for() {
  local seconds=$1 what=$2 deadline=$((SECONDS + $1))
  shift 2
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || fail "$what: not after ${seconds}s"
    sleep 1
  done
}

# A TCP port nothing on this machine uses now (a local port of /proc/net/tcp*, in hex).
free_port() {
  local used port
  used=$(awk 'NR > 1 { split($2, a, ":"); print a[2] }' /proc/net/tcp /proc/net/tcp6 2>/dev/null)
  while :; do
    port=$((20000 + RANDOM % 30000))
    grep -qx "$(printf %04X "$port")" <<<"$used" || { echo "$port"; return; }
  done
}

node=$(hostname -s)
mkdir -p "$tmp/state" "$tmp/spool"
mungekey --create --keyfile="$tmp/munge.key"
munged -F --socket="$tmp/munge.socket" --key-file="$tmp/munge.key" --pid-file="$tmp/munged.pid" \
  --log-file="$tmp/munged.log" --seed-file="$tmp/munged.seed" >/dev/null 2>&1 &
daemons+=($!)
munge_answers() { munge --socket="$tmp/munge.socket" --no-input >/dev/null 2>&1; }
wait_for 20 "munged answers on $tmp/munge.socket" munge_answers

# A node declaring one GPU, /dev/null standing in for its device file, so that
# the gpu script's --gres=gpu:1 can be tested (with --test-only: nothing runs there).
echo "Name=gpu File=/dev/null" > "$tmp/gres.conf"
ctld_port=$(free_port)
slurmd_port=$(free_port)
[ "$slurmd_port" != "$ctld_port" ] || slurmd_port=$((ctld_port + 1))
cat > "$conf" <<EOF
ClusterName=gradertest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$tmp/munge.socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/slurmctld.log
SlurmdLogFile=$tmp/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/filetxt
JobCompLoc=$tmp/jobcomp.txt
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
SlurmdParameters=config_overrides
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
GresTypes=gpu
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) Gres=gpu:1 State=UNKNOWN
PartitionName=grader Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
SLURM_CONF=$conf slurmctld -D -c >/dev/null 2>&1 &  # a simple command, so $! is the daemon's pid
daemons+=($!)
SLURM_CONF=$conf slurmd -D -N "$node" >/dev/null 2>&1 &
daemons+=($!)
node_idle() {
  local pid
  for pid in "${daemons[@]}"; do kill -0 "$pid" 2>/dev/null || fail "a daemon exited (a port taken since it was picked?)"; done
  [ "$(slurm sinfo -h -n "$node" -o %t 2>/dev/null)" = idle ]
}
wait_for 60 "node $node idle (ports $ctld_port, $slurmd_port)" node_idle
echo "cluster up: node $node, $(nproc) CPUs, slurmctld on port $ctld_port, slurmd on $slurmd_port"

cd "$tmp"
results=$tmp/results
options=(--course "$kit/course.yaml" --backend cpu)
"$grader" batch "$kit/examples/class" --out "$results" "${options[@]}" --slurm-script "$tmp/grade.sbatch" --shards "$shards" \
  --cpus-per-task 1 --time 00:10:00 --partition grader --account cs101
start=$SECONDS
slurm bash "$tmp/grade.sbatch"
queue_empty() { ! slurm squeue -h -o %i | grep -q .; }
wait_for "$wait_seconds" "every job finished" queue_empty
echo "the array and the merge job ran in $((SECONDS - start))s"

# Final states, one jobcomp line per array task and one for the merge job;
# both jobs carry the partition and account asked for, the tasks their time.
awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^(JobId|Name|ArrayTaskId|JobState|ExitCode|Partition|Account|TimeLimit)=/) printf " %s", $i; print "" }' \
  "$tmp/jobcomp.txt"
jobs=$(grep -E "Name=grader-(batch|merge) " "$tmp/jobcomp.txt" || true)
[ "$(grep -c . <<<"$jobs")" = $((shards + 1)) ] || fail "expected $shards array tasks and the merge job in jobcomp.txt"
for field in JobState=COMPLETED ExitCode=0:0 Partition=grader Account=cs101; do
  [ "$(grep -c " $field " <<<"$jobs")" = $((shards + 1)) ] || fail "not every job has $field"
done
for k in $(seq "$shards"); do
  grep -q "Name=grader-batch .*TimeLimit=10 .*ArrayTaskId=$k " <<<"$jobs" || fail "no array task $k with a 10 minute limit"
  grep -q "in shard $k/$shards" "$results/slurm/shard-$k.log" || fail "shard $k did not grade its shard"
done
[ -s "$results/gradebook.csv" ] || fail "the merge job wrote no gradebook.csv"
mv "$results/gradebook.csv" "$tmp/merge-job-gradebook.csv"

hint=$(sed -n 's/^when every shard is done: //p' "$results"/slurm/shard-*.log | head -n 1)
[[ $hint == *" --course "*" --merge" ]] || fail "the shards' merge hint lacks --course: '$hint'"
echo "merging as the shards say: $hint"
eval "timeout 120 $hint"

timeout 300 "$grader" batch "$kit/examples/class" --out "$tmp/reference" "${options[@]}" > "$tmp/reference.out" 2>&1 ||
  { cat "$tmp/reference.out"; fail "the single-process grader batch failed"; }
for gradebook in "$results/gradebook.csv" "$tmp/merge-job-gradebook.csv"; do
  diff "$tmp/reference/gradebook.csv" "$gradebook" || fail "$gradebook differs from the single-process gradebook (above)"
done

# The gpu backend's array asks for one GPU per task; the scheduler accepts it on a node with one.
"$grader" batch "$kit/examples/class" --out "$tmp/gpu-results" --course "$kit/course.yaml" --backend gpu \
  --slurm-script "$tmp/grade-gpu.sbatch" --shards "$shards" --cpus-per-task 1 >/dev/null
grep -qx "#SBATCH --gres=gpu:1" "$tmp/grade-gpu.sbatch" || fail "the gpu script asks for no GPU"
verdict=$(slurm sbatch --test-only "$tmp/grade-gpu.sbatch" 2>&1 || true)
[[ $verdict == *"to start at"* ]] || fail "sbatch --test-only refused the gpu script: $verdict"
echo "passed: $shards array tasks and the merge job COMPLETED; gradebooks equal; the gpu script is accepted"
