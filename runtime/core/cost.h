/* cost.h - the virtual CPU's cycle counters and frame pacing (reference 10.2, 11).
 *
 * A virtual 8 MHz CPU: 2^23 cycles per second, so a frame budget of 279,620 cycles at
 * 30 fps and 139,810 at 60 fps. Lua costs 2 cycles per VM instruction; API calls charge
 * the system cost given by their row of the API table.
 * Depends on: nothing. */
#ifndef M8_COST_H
#define M8_COST_H

#include <stdint.h>

#define M8_CPU_HZ 8388608u
#define M8_LUA_CYCLES_PER_INSTRUCTION 2

typedef struct m8_cost {
    int fps;                    /* 30 or 60 */
    uint64_t budget;            /* cycles per frame at the target rate */
    uint64_t lua_cycles;        /* since the current frame began */
    uint64_t system_cycles;
    uint64_t last_lua;          /* totals of the last finished frame */
    uint64_t last_system;
} m8_cost;

void m8_cost_init(m8_cost *c, int fps);
void m8_cost_set_fps(m8_cost *c, int fps);
void m8_cost_charge_lua(m8_cost *c, uint64_t instructions);
void m8_cost_charge_system(m8_cost *c, uint64_t cycles);
void m8_cost_frame_begin(m8_cost *c);
void m8_cost_frame_end(m8_cost *c, int idle);
int m8_cost_should_draw(const m8_cost *c);
double m8_cost_stat_total(const m8_cost *c);   /* stat(1) */
double m8_cost_stat_system(const m8_cost *c);  /* stat(2) */

#endif
