/* profile_files.c - see profile_files.h. Depends on: profile_files.h, libc. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "profile_files.h"

static m8_profile_file *new_entry(m8_profile_files *set, const char *name, char *err,
                                  size_t errsz)
{
    if (set->count == M8_PROFILE_FILES_MAX) {
        snprintf(err, errsz, "%s: too many profile files", name);
        return NULL;
    }
    m8_profile_file *f = &set->file[set->count++];
    memset(f, 0, sizeof *f);
    snprintf(f->name, sizeof f->name, "%s", name);
    return f;
}

FILE *m8_profile_file_create(m8_profile_files *set, const char *name, char *err, size_t errsz)
{
    m8_profile_file *f = new_entry(set, name, err, errsz);
    if (!f) return NULL;
    FILE *out = open_memstream(&f->data, &f->len);
    if (!out) {
        set->count--;
        snprintf(err, errsz, "%s: out of memory", name);
    }
    return out;
}

int m8_profile_file_add(m8_profile_files *set, const char *name, void *data, size_t len)
{
    char err[64];
    m8_profile_file *f = new_entry(set, name, err, sizeof err);
    if (!f) {
        free(data);
        return -1;
    }
    f->data = data;
    f->len = len;
    return 0;
}

const m8_profile_file *m8_profile_file_get(const m8_profile_files *set, const char *name)
{
    for (int i = 0; i < set->count; i++)
        if (strcmp(set->file[i].name, name) == 0) return &set->file[i];
    return NULL;
}

FILE *m8_profile_file_open(const m8_profile_files *set, const char *name, char *err,
                           size_t errsz)
{
    const m8_profile_file *f = m8_profile_file_get(set, name);
    FILE *in = f && f->len ? fmemopen(f->data, f->len, "r") : NULL;
    if (!in) snprintf(err, errsz, "%s: missing or empty", name);
    return in;
}

int m8_profile_file_load(m8_profile_files *set, const mote8_platform *pf, const char *dir,
                         const char *name, char *err, size_t errsz)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    size_t len = 0;
    void *data = pf->read_file ? pf->read_file(pf->user, path, &len) : NULL;
    if (!data) {
        snprintf(err, errsz, "%s: cannot be read", path);
        return -1;
    }
    return m8_profile_file_add(set, name, data, len);
}

int m8_profile_files_store(const m8_profile_files *set, const mote8_platform *pf,
                           const char *dir, char *err, size_t errsz)
{
    if (!pf->write_file) {
        snprintf(err, errsz, "%s: this host cannot write files", dir);
        return -1;
    }
    for (int i = 0; i < set->count; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, set->file[i].name);
        if (pf->write_file(pf->user, path, set->file[i].data, set->file[i].len, err, errsz) != 0)
            return -1;
    }
    return 0;
}

void m8_profile_files_free(m8_profile_files *set)
{
    for (int i = 0; i < set->count; i++) free(set->file[i].data);
    set->count = 0;
}
