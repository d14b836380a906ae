/* state_file.c - machine states in files: see state_file.h.
 * Depends on: state_file.h, platform_posix.h (the atomic writer, the file reader),
 * api/mote8.h, libc. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "platform_posix.h"
#include "state_file.h"

#define STATE_FILE_MAX (1024u * 1024u * 1024u)   /* far above any state (docs/snapshots.md) */

int m8_state_file_save(mote8 *m8, const char *path, char *err, size_t errsz)
{
    size_t size = mote8_state_size(m8);
    unsigned char *buf = size ? malloc(size) : NULL;
    if (!size || !buf || mote8_state_save(m8, buf, size) != 0) {
        snprintf(err, errsz, "cannot save the state: %s",
                 size && !buf ? "out of memory" : mote8_state_error(m8));
        free(buf);
        return -1;
    }
    mote8_platform pf;
    m8_posix_platform(&pf);
    char why[512] = "";
    int rc = pf.write_file(pf.user, path, buf, size, why, sizeof why);
    free(buf);
    if (rc != 0) snprintf(err, errsz, "cannot write: %s", why);
    return rc;
}

int m8_state_file_load(mote8 *m8, const char *path, char *err, size_t errsz)
{
    size_t len = 0;
    errno = 0;
    char *buf = m8_read_file(path, &len, STATE_FILE_MAX);
    if (!buf) {
        snprintf(err, errsz, "cannot read the state: %s",
                 errno ? strerror(errno) : "not a readable file of at most 1 GiB");
        return -1;
    }
    int rc = mote8_state_load(m8, buf, len);
    free(buf);
    if (rc != 0) snprintf(err, errsz, "cannot load the state: %s", mote8_state_error(m8));
    return rc;
}
