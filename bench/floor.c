/* The I/O floor of a change to a data file, for `make bench`: read the whole file, write it to
 * a temporary file beside it, flush that to disk, rename it over the file and flush the
 * directory. What `budget` does for a change, minus everything but the I/O. */
#include <fcntl.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: floor <file>\n"); return 2; }
    int in = open(argv[1], O_RDONLY);
    struct stat status;
    if (in < 0 || fstat(in, &status) != 0) { perror(argv[1]); return 1; }
    char *bytes = malloc(status.st_size > 0 ? status.st_size : 1);
    ssize_t done = 0;
    while (done < status.st_size) {
        ssize_t got = read(in, bytes + done, status.st_size - done);
        if (got <= 0) { perror("read"); return 1; }
        done += got;
    }
    close(in);
    char temporary[4096];
    snprintf(temporary, sizeof temporary, "%s.floor", argv[1]);
    int out = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (out < 0) { perror(temporary); return 1; }
    for (ssize_t written = 0; written < done;) {
        ssize_t put = write(out, bytes + written, done - written);
        if (put <= 0) { perror("write"); return 1; }
        written += put;
    }
    if (fsync(out) != 0 || close(out) != 0 || rename(temporary, argv[1]) != 0) { perror("write"); return 1; }
    char directory[4096];
    snprintf(directory, sizeof directory, "%s", argv[1]);
    int folder = open(dirname(directory), O_RDONLY | O_DIRECTORY);
    if (folder < 0 || fsync(folder) != 0) { perror("fsync"); return 1; }
    close(folder);
    free(bytes);
    return 0;
}
