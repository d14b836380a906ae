/* cost.c - cycle counting for stat(1)/stat(2) and the frame pacer of reference 10.2.
 *
 * Pacing rule (decided from the virtual count only, so it is deterministic): when a
 * displayed frame ends, the cost a full-rate frame would have - the last _update plus the
 * _draw, Lua and system - is compared with the budget of one tick. Above it, the next
 * frame is halved (two _update ticks, then _draw); at or below it, full rate again.
 * Depends on: cost.h. */
#include <math.h>
#include "cost.h"

void m8_cost_init(m8_cost *c, int fps)
{
    *c = (m8_cost){ 0 };
    c->deciding = 1;
    m8_cost_set_fps(c, fps);
}

void m8_cost_set_fps(m8_cost *c, int fps)
{
    c->fps = fps == M8_FPS_FAST ? M8_FPS_FAST : M8_FPS;
    c->budget = M8_FRAME_BUDGET(c->fps);
}

void m8_cost_tick_begin(m8_cost *c)
{
    c->tick = (m8_cost_tick){ 0 };
    c->tick.drew = c->draw_resumes;   /* finishing a _draw cut by flip(): a draw tick */
    c->draw_resumes = 0;
    c->frame_done = 0;
    c->mark_lua = c->lua_cycles;
    c->mark_system = c->system_cycles;
}

int m8_cost_should_draw(const m8_cost *c)
{
    return c->frame_updates + 1 >= (c->halved ? 2 : 1);
}

int m8_cost_want_draw(m8_cost *c)
{
    int draw = m8_cost_should_draw(c);
    c->frame_updates++;
    c->tick.update_lua = c->lua_cycles - c->mark_lua;
    c->tick.update_system = c->system_cycles - c->mark_system;
    c->mark_lua = c->lua_cycles;
    c->mark_system = c->system_cycles;
    c->deciding = 0;
    c->tick.drew = draw;
    return draw;
}

static void close_frame(m8_cost *c, int updates, int dropped)
{
    c->last.lua = c->lua_cycles;
    c->last.system = c->system_cycles;
    c->last.updates = updates;
    c->last.dropped = dropped;
    c->lua_cycles = c->system_cycles = 0;
    c->mark_lua = c->mark_system = 0;
    c->frame_updates = 0;
    c->frame_done = 1;
    c->frames++;
    if (dropped) c->dropped_frames++;
}

void m8_cost_frame_end(m8_cost *c)
{
    if (c->deciding) m8_cost_want_draw(c);   /* no decision was asked: a draw tick */
    c->deciding = 1;                         /* the next loop iteration starts */
    c->tick.draw_lua = c->lua_cycles - c->mark_lua;
    c->tick.draw_system = c->system_cycles - c->mark_system;
    c->mark_lua = c->lua_cycles;
    c->mark_system = c->system_cycles;
    if (!c->tick.drew) return;
    int updates = c->frame_updates;
    close_frame(c, updates, updates > 1);
    uint64_t full_rate = c->tick.update_lua + c->tick.update_system + c->tick.draw_lua +
                         c->tick.draw_system;
    c->halved = full_rate > c->budget;
}

/* flip() (or a print wait) shows a frame. Inside _draw (the draw decision is taken), the
 * rest of that _draw runs in the next tick and ends a displayed frame of its own. */
void m8_cost_flip(m8_cost *c)
{
    c->draw_resumes = !c->deciding;
    c->tick.update_lua = c->lua_cycles - c->mark_lua;
    c->tick.update_system = c->system_cycles - c->mark_system;
    c->tick.drew = 1;
    close_frame(c, 1, 0);
}

void m8_cost_boot_end(m8_cost *c, int has_callbacks)
{
    if (!has_callbacks) return;
    c->boot_lua += c->lua_cycles;
    c->boot_system += c->system_cycles;
    c->lua_cycles = c->system_cycles = 0;
    c->mark_lua = c->mark_system = 0;
}

void m8_cost_tick_end(m8_cost *c, int completed)
{
    c->tick.completed = completed;
    c->ticks++;
}

double m8_cost_stat_total(const m8_cost *c)
{
    return (double)(c->lua_cycles + c->system_cycles) / (double)c->budget;
}

double m8_cost_stat_system(const m8_cost *c)
{
    return (double)c->system_cycles / (double)c->budget;
}

int32_t m8_cost_stat_cycles(const m8_cost *c, int system_only)
{
    uint64_t cycles = c->system_cycles + (system_only ? 0 : c->lua_cycles);
    return (int32_t)((cycles + 0x8000u) & 0xffffu) - 0x8000;
}

double m8_units_segment(int x0, int y0, int x1, int y1)
{
    double dx = fabs((double)x1 - x0), dy = fabs((double)y1 - y0);
    return 1 + (dx > dy ? dx : dy);
}

double m8_units_box(double w, double h) { return (w > 0 ? w : 0) * (h > 0 ? h : 0); }

double m8_units_rect_outline(double w, double h)
{
    /* max(1, 2*ceil(a/4)) + max(0, 2*ceil(b/2 - 1)), a the longer side */
    double a = w > h ? w : h, b = w > h ? h : w;
    double t1 = 2 * ceil(a / 4), t2 = 2 * ceil(b / 2 - 1);
    return (t1 < 1 ? 1 : t1) + (t2 < 0 ? 0 : t2);
}

double m8_units_rect_perimeter(int w, int h)
{
    return 2.0 * (w > 0 ? w : 0) + 2.0 * (h > 0 ? h : 0);
}

double m8_units_oval_outline(double w, double h) { return 2 * (w + h); }

double m8_units_circ(int r) { return r < 0 ? 0 : 8.0 * r + 1; }

double m8_units_circfill(int r) { return r < 0 ? 0 : (2.0 * r + 1) * (2.0 * r + 1); }

/* floor(8 size / 65536): the arithmetic shift of the exact product (no libm call) */
double m8_units_spr_side(int32_t size) { return (double)(((int64_t)size * 8) >> 16); }
