/* cost.c - cycle counting for stat(1)/stat(2) and the frame pacer.
 * Depends on: cost.h. */
#include "cost.h"

void m8_cost_init(m8_cost *c, int fps)
{
    *c = (m8_cost){ 0 };
    m8_cost_set_fps(c, fps);
}

void m8_cost_set_fps(m8_cost *c, int fps)
{
    c->fps = fps == 60 ? 60 : 30;
    c->budget = M8_CPU_HZ / (uint64_t)c->fps;
}

void m8_cost_charge_lua(m8_cost *c, uint64_t instructions)
{
    c->lua_cycles += instructions * M8_LUA_CYCLES_PER_INSTRUCTION;
}

void m8_cost_charge_system(m8_cost *c, uint64_t cycles) { c->system_cycles += cycles; }

void m8_cost_frame_begin(m8_cost *c)
{
    c->lua_cycles = 0;
    c->system_cycles = 0;
}

void m8_cost_frame_end(m8_cost *c, int idle)
{
    (void)idle;
    c->last_lua = c->lua_cycles;
    c->last_system = c->system_cycles;
}

int m8_cost_should_draw(const m8_cost *c)
{
    (void)c;
    return 1;
}

double m8_cost_stat_total(const m8_cost *c)
{
    return (double)(c->lua_cycles + c->system_cycles) / (double)c->budget;
}

double m8_cost_stat_system(const m8_cost *c)
{
    return (double)c->system_cycles / (double)c->budget;
}
