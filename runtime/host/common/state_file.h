/* state_file.h - a machine state (mote8_state_save, docs/snapshots.md) in a file: the
 * headless runner's --state-save/--state-load and the window's state slots.
 * Depends on: api/mote8.h. */
#ifndef M8_STATE_FILE_H
#define M8_STATE_FILE_H

#include <stddef.h>
#include "mote8.h"

/* Write the machine's state to `path` (its folder created; written atomically: a killed
 * run leaves the old file). 0, or -1 with the reason in err ("cannot save the state: ...",
 * "cannot write: ..."). */
int m8_state_file_save(mote8 *m8, const char *path, char *err, size_t errsz);

/* Continue from the state in `path`. 0, or -1 with the reason in err ("cannot read the
 * state: ...", "cannot load the state: ..."): the running cart is then untouched. */
int m8_state_file_load(mote8 *m8, const char *path, char *err, size_t errsz);

#endif
