/* profile_files.h - the files of a cost profile, kept in memory while they are made, so the
 * profiler and its report never open a file: the set is written out (and, for a report of
 * an earlier profile, read in) through the platform callbacks of api/mote8.h.
 * Depends on: api/mote8.h, libc (open_memstream, fmemopen). */
#ifndef M8_PROFILE_FILES_H
#define M8_PROFILE_FILES_H

#include <stddef.h>
#include <stdio.h>
#include "mote8.h"

#define M8_PROFILE_FILES_MAX 24

typedef struct m8_profile_file {
    char name[32];
    char *data;                 /* malloc'd; owned by the set */
    size_t len;
} m8_profile_file;

typedef struct m8_profile_files {
    m8_profile_file file[M8_PROFILE_FILES_MAX];
    int count;
} m8_profile_files;

/* A new file `name` to write with stdio; fclose() it before the set is read or stored.
 * NULL (with err) when the set is full or out of memory. */
FILE *m8_profile_file_create(m8_profile_files *set, const char *name, char *err, size_t errsz);
/* Add `name` with `data` (malloc'd; the set takes it). 0 or -1. */
int m8_profile_file_add(m8_profile_files *set, const char *name, void *data, size_t len);
const m8_profile_file *m8_profile_file_get(const m8_profile_files *set, const char *name);
/* Read `name` with stdio (fmemopen); NULL with err when the set has no such file. */
FILE *m8_profile_file_open(const m8_profile_files *set, const char *name, char *err,
                           size_t errsz);
/* Read `dir`/`name` through pf->read_file into the set; 0, or -1 with err. */
int m8_profile_file_load(m8_profile_files *set, const mote8_platform *pf, const char *dir,
                         const char *name, char *err, size_t errsz);
/* Write every file of the set into `dir` through pf->write_file; 0, or -1 with err. */
int m8_profile_files_store(const m8_profile_files *set, const mote8_platform *pf,
                           const char *dir, char *err, size_t errsz);
void m8_profile_files_free(m8_profile_files *set);

#endif
