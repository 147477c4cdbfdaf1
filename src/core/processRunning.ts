/** Whether a process has `pid` now: signal 0 checks without sending; EPERM means one we may not signal (another user's) has it. */
export function processRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
