/*
 * inkling-peak-rss REPORT COMMAND [ARGUMENT...]: runs COMMAND, waits for it, and writes
 * "<exit status> <peak RSS in KiB>\n" to the file REPORT (the status is 128 + the signal
 * when it was killed by one). Standard input, output and error are passed through.
 *
 * Exists for MemoryBudgetTests: on Linux a child's ru_maxrss starts from its parent's peak
 * RSS (the old address space's high-water mark is carried across exec), so a child spawned
 * straight from a large test process would be charged for the test process. Spawned from
 * this small program, it is charged for itself (and at most this program's few hundred KiB).
 * The figure is getrusage(RUSAGE_CHILDREN)'s ru_maxrss after the one child has been reaped.
 */
#include <spawn.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <errno.h>

extern char **environ;

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: inkling-peak-rss REPORT COMMAND [ARGUMENT...]\n");
        return 2;
    }
    pid_t pid;
    int spawned = posix_spawn(&pid, argv[2], NULL, NULL, argv + 2, environ);
    if (spawned != 0) {
        fprintf(stderr, "inkling-peak-rss: cannot run %s (error %d)\n", argv[2], spawned);
        return 2;
    }
    int status = 0;
    while (waitpid(pid, &status, 0) < 0) {
        if (errno != EINTR) return 2;
    }
    struct rusage usage;
    if (getrusage(RUSAGE_CHILDREN, &usage) != 0) return 2;
    FILE *report = fopen(argv[1], "w");
    if (report == NULL) return 2;
    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    fprintf(report, "%d %ld\n", code, usage.ru_maxrss);
    return fclose(report) == 0 ? 0 : 2;
}
