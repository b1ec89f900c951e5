/* pirc's CUDA-on-CPU runtime: the CUDA subset pirc's CodeGenCUDA_Dev emits, on CPU fibers.
 *
 * Included (with -include) before a generated .cu file, which is compiled unchanged by the host
 * C++ compiler.  Each thread of a block is a fiber (ucontext) with its own stack; a block's fibers
 * run on one OS thread, one at a time, switching only at __syncthreads(), __syncwarp() and the
 * __shfl_*_sync() exchanges, which are real barriers: a fiber waits there until every thread
 * (warp lane) concerned has arrived.  Blocks run one after another; the order of blocks and the
 * order in which a block's fibers are resumed are a seeded random permutation per launch.
 * __shared__ variables are statics of the kernel function: one copy, reused by each block in turn
 * (poisoned with 0xCD bytes when a block starts).
 *
 * Checking mode (compiled with -fsanitize=kernel-address and the instrumentation-with-calls
 * parameters, which make GCC call __asan_loadN / __asan_storeN before every memory access of the
 * kernel code and register every static, __shared__ ones included, with __asan_register_globals):
 * - out of bounds: an access outside every live device allocation, every __shared__ variable and
 *   the thread's own stack;
 * - races: two threads touching the same byte, at least one writing, with no __syncthreads()
 *   between them (same block) or from different blocks; a write of the value the location
 *   already holds from another thread (CINN's epilogues store one value from every thread) is
 *   not a race.
 * Accesses to a __shared__ variable at a constant index are not seen (GCC does not instrument provably
 * in-bounds accesses to statics).  The first problems found are reported as text through
 * pirc_emu_launch's message buffer.
 */
#ifndef PIRC_CUDA_EMU_H
#define PIRC_CUDA_EMU_H

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ucontext.h>

#include <cmath>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline __attribute__((always_inline))
#define __launch_bounds__(...)
#define __shared__ static

#define PIRC_EMU_NOCHECK __attribute__((no_sanitize_address, noinline))
#define PIRC_EMU_RT __attribute__((no_sanitize_address))
/* the runtime's state: in its own section, which the instrumentation leaves alone (not registered) */
#define PIRC_EMU_STATE __attribute__((section(".data.pirc_emu")))

struct pirc_emu_dim3 {
  unsigned x, y, z;
};
typedef pirc_emu_dim3 uint3;
typedef pirc_emu_dim3 dim3;

extern "C" {
pirc_emu_dim3 threadIdx, blockIdx, blockDim, gridDim;
}
enum { warpSize = 32 };

namespace pirc_emu {

enum { READY = 0, WAIT_BLOCK = 1, WAIT_WARP = 2, DONE = 3 };

struct Fiber {
  ucontext_t ctx;
  char* stack;
  unsigned tid;  // linear thread index in the block
  pirc_emu_dim3 idx;
  int state;
  uintptr_t pending_addr;  // checking: a store whose bytes are compared on the thread's next event
  unsigned pending_size;
  uint16_t pending_cmp;    // bit k: byte k was written by another thread in this epoch (prev[k])
  uint8_t prev[16];
};

struct Region {
  uintptr_t beg, end;
  const char* name;
  int shared;
};

struct Shadow {  // checking: one per byte touched in the current block (shared) / launch (global)
  uintptr_t addr;
  uint32_t block;      // linear block index + 1 (0: empty slot)
  uint32_t epoch;      // barrier generation of the access's block
  int32_t writer;      // thread that wrote in that epoch, -1 none, -3 several (one value)
  int32_t reader;      // a thread that read in that epoch, -1 none, -2 several
  uint8_t value;       // the byte the writer stored
};

enum : size_t { STACK = 64 * 1024 };
static PIRC_EMU_STATE ucontext_t sched_ctx;
static PIRC_EMU_STATE Fiber* fibers;
static PIRC_EMU_STATE Fiber* cur;
static PIRC_EMU_STATE unsigned nthreads, live, nwarps;
static PIRC_EMU_STATE unsigned long bar_gen;
static PIRC_EMU_STATE unsigned bar_arrived;
static PIRC_EMU_STATE unsigned long* warp_gen;
static PIRC_EMU_STATE unsigned* warp_arrived;
static PIRC_EMU_STATE unsigned* warp_expect;
static PIRC_EMU_STATE uint64_t* xchg;
static PIRC_EMU_STATE unsigned long progress;
static PIRC_EMU_STATE char* msg;
static PIRC_EMU_STATE size_t msg_cap, msg_len;
static PIRC_EMU_STATE int problems;
static PIRC_EMU_STATE uint64_t rng_state;
static PIRC_EMU_STATE void (*entry)(void**);
static PIRC_EMU_STATE void** params;
static PIRC_EMU_STATE uint32_t block_linear;

// checking mode state
static PIRC_EMU_STATE int checking;
static PIRC_EMU_STATE Region* regions;       // device allocations and __shared__ statics
static PIRC_EMU_STATE size_t nregions, cap_regions;
static PIRC_EMU_STATE Region* shared_regs;   // __shared__ statics (from __asan_register_globals)
static PIRC_EMU_STATE size_t nshared, cap_shared;
static PIRC_EMU_STATE Shadow* shadow;
static PIRC_EMU_STATE size_t shadow_cap, shadow_used;
static PIRC_EMU_STATE unsigned long stats_accesses;

PIRC_EMU_RT static void report(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
PIRC_EMU_RT static void report(const char* fmt, ...) {
  problems++;
  if (msg == nullptr || msg_len + 1 >= msg_cap || problems > 8) return;
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(msg + msg_len, msg_cap - msg_len, fmt, ap);
  va_end(ap);
  if (n > 0) msg_len = (msg_len + (size_t)n < msg_cap - 1) ? msg_len + (size_t)n : msg_cap - 1;
  if (msg_len + 1 < msg_cap) { msg[msg_len++] = '\n'; msg[msg_len] = 0; }
}

PIRC_EMU_RT static uint64_t next_rand() {  // splitmix64
  uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

PIRC_EMU_RT static void shuffle(unsigned* a, unsigned n) {
  for (unsigned i = n; i > 1; --i) {
    unsigned j = (unsigned)(next_rand() % i);
    unsigned t = a[i - 1]; a[i - 1] = a[j]; a[j] = t;
  }
}

PIRC_EMU_RT static void set_builtins(Fiber* f) {
  cur = f;
  threadIdx = f->idx;
}

PIRC_EMU_RT static void yield() {
  Fiber* f = cur;
  swapcontext(&f->ctx, &sched_ctx);
  set_builtins(f);
}

// -- checking -----------------------------------------------------------------------------------
PIRC_EMU_RT static const Region* find_region(const Region* rs, size_t n, uintptr_t a) {
  for (size_t i = 0; i < n; ++i)
    if (a >= rs[i].beg && a < rs[i].end) return &rs[i];
  return nullptr;
}

PIRC_EMU_RT static Shadow* shadow_slot(uintptr_t a) {
  size_t h = (size_t)((a * 0x9e3779b97f4a7c15ull) >> 20) & (shadow_cap - 1);
  for (;;) {
    Shadow* s = &shadow[h];
    if (s->block == 0 || s->addr == a) return s;
    h = (h + 1) & (shadow_cap - 1);
  }
}

PIRC_EMU_RT static void shadow_grow() {
  Shadow* old = shadow;
  size_t oc = shadow_cap;
  shadow_cap = oc ? oc * 2 : 1 << 16;
  shadow = (Shadow*)calloc(shadow_cap, sizeof(Shadow));
  shadow_used = 0;
  for (size_t i = 0; i < oc; ++i)
    if (old[i].block) { *shadow_slot(old[i].addr) = old[i]; shadow_used++; }
  free(old);
}

PIRC_EMU_RT static void describe(char* out, size_t n, uintptr_t a) {
  const Region* best = nullptr;
  uintptr_t dist = ~(uintptr_t)0;
  for (size_t i = 0; i < nregions; ++i) {
    const Region& r = regions[i];
    uintptr_t d = a < r.beg ? r.beg - a : (a >= r.end ? a - r.end + 1 : 0);
    if (d < dist) { dist = d; best = &r; }
  }
  if (best == nullptr) { snprintf(out, n, "an address outside every buffer"); return; }
  if (a < best->beg)
    snprintf(out, n, "%lu bytes before %s %s (%lu bytes)", (unsigned long)(best->beg - a),
             best->shared ? "__shared__" : "buffer", best->name, (unsigned long)(best->end - best->beg));
  else
    snprintf(out, n, "%lu bytes after the end of %s %s (%lu bytes)", (unsigned long)(a - best->end),
             best->shared ? "__shared__" : "buffer", best->name, (unsigned long)(best->end - best->beg));
}

PIRC_EMU_RT static void where(char* out, size_t n) {
  Fiber* f = cur;
  snprintf(out, n, "thread (%u,%u,%u) of block (%u,%u,%u)", f->idx.x, f->idx.y, f->idx.z, blockIdx.x,
           blockIdx.y, blockIdx.z);
}

PIRC_EMU_RT static void race_report(uintptr_t a, unsigned size, const char* what) {
  const Region* r = find_region(regions, nregions, a);
  char w[96];
  where(w, sizeof w);
  report("race: %s of %u bytes at offset %lu of %s %s by %s conflicts with another thread's access with no "
         "__syncthreads() between them", what, size, r ? (unsigned long)(a - r->beg) : 0ul,
         r && r->shared ? "__shared__" : "buffer", r ? r->name : "?", w);
}

PIRC_EMU_RT static void finish_pending() {
  Fiber* f = cur;
  if (f == nullptr || f->pending_size == 0) return;
  uintptr_t a = f->pending_addr;
  int race = 0;
  for (unsigned k = 0; k < f->pending_size; ++k) {
    Shadow* s = shadow_slot(a + k);
    uint8_t now = *(const uint8_t*)(a + k);
    if ((f->pending_cmp >> k) & 1u) {
      if (now != f->prev[k]) race = 1;  // two threads stored different values
      else s->writer = -3;
    }
    s->value = now;
  }
  unsigned n = f->pending_size;
  f->pending_size = 0;
  if (race) race_report(a, n, "write (of a different value)");
}

PIRC_EMU_RT static void access(uintptr_t a, unsigned size, int write) {
  if (!checking || cur == nullptr) return;
  finish_pending();
  stats_accesses++;
  Fiber* f = cur;
  if (a >= (uintptr_t)f->stack && a + size <= (uintptr_t)f->stack + STACK) return;  // the thread's locals
  const Region* r = find_region(regions, nregions, a);
  if (r == nullptr || a + size > r->end) {
    if (a >= (uintptr_t)&threadIdx && a < (uintptr_t)(&threadIdx + 1)) return;
    if (a >= (uintptr_t)&blockIdx && a < (uintptr_t)(&blockIdx + 1)) return;
    if (a >= (uintptr_t)&blockDim && a < (uintptr_t)(&blockDim + 1)) return;
    if (a >= (uintptr_t)&gridDim && a < (uintptr_t)(&gridDim + 1)) return;
    char d[256], w[96];
    describe(d, sizeof d, a);
    where(w, sizeof w);
    report("out-of-bounds %s of %u bytes at %s, by %s", write ? "write" : "read", size, d, w);
    return;
  }
  const uint32_t epoch = (uint32_t)bar_gen, blk = block_linear + 1;
  const int32_t me = (int32_t)f->tid;
  int race = 0;
  uint16_t cmp = 0;
  for (unsigned k = 0; k < size && k < 16; ++k) {
    if ((shadow_used + 1) * 2 >= shadow_cap) shadow_grow();
    Shadow* s = shadow_slot(a + k);
    if (s->block == 0) {
      shadow_used++;
      s->addr = a + k; s->block = blk; s->epoch = epoch; s->writer = -1; s->reader = -1;
    } else if (s->block != blk) {
      // another block touched it during this launch: unordered with this access
      if (write && s->reader != -1) race = 1;
      if (!write && s->writer != -1) race = 1;
      if (write && s->writer != -1) { cmp |= (uint16_t)(1u << k); f->prev[k] = s->value; }
      s->block = blk; s->epoch = epoch; s->writer = -1; s->reader = -1;
    } else if (s->epoch != epoch) {  // a __syncthreads() since: ordered
      s->epoch = epoch; s->writer = -1; s->reader = -1;
    } else if (write) {
      if (s->reader != -1 && s->reader != me) race = 1;
      if (s->writer != -1 && s->writer != me) { cmp |= (uint16_t)(1u << k); f->prev[k] = s->value; }
    } else if (s->writer != -1 && s->writer != me && s->writer != -3) {
      race = 1;
    }
    if (write) {
      if (!((cmp >> k) & 1u)) s->writer = me;
    } else if (s->writer != me) {
      s->reader = (s->reader == -1 || s->reader == me) ? me : -2;
    }
  }
  if (race) race_report(a, size, write ? "write" : "read");
  if (write) { f->pending_addr = a; f->pending_size = size < 16 ? size : 16; f->pending_cmp = cmp; }
}

// -- barriers ----------------------------------------------------------------------------------------
PIRC_EMU_RT static void block_barrier() {
  finish_pending();
  unsigned long g = bar_gen;
  progress++;
  if (++bar_arrived >= live) { bar_arrived = 0; bar_gen++; return; }
  cur->state = WAIT_BLOCK;
  while (bar_gen == g) yield();
  cur->state = READY;
}

PIRC_EMU_RT static void warp_barrier(unsigned mask) {
  finish_pending();
  Fiber* f = cur;
  unsigned w = f->tid >> 5, lane = f->tid & 31;
  if (!((mask >> lane) & 1u)) {
    char s[96];
    where(s, sizeof s);
    report("a warp-synchronous call with mask %#x by lane %u, which the mask leaves out (%s)", mask, lane, s);
  }
  unsigned expect = (unsigned)__builtin_popcount(mask);
  if (warp_arrived[w] == 0) warp_expect[w] = mask;
  else if (warp_expect[w] != mask) {
    char s[96];
    where(s, sizeof s);
    report("lanes of one warp call a warp-synchronous function with different masks (%#x, %#x; %s)",
           warp_expect[w], mask, s);
  }
  unsigned long g = warp_gen[w];
  progress++;
  if (++warp_arrived[w] >= expect) { warp_arrived[w] = 0; warp_gen[w]++; return; }
  f->state = WAIT_WARP;
  while (warp_gen[w] == g) yield();
  f->state = READY;
}

template <typename T>
PIRC_EMU_RT static T shfl(unsigned mask, T v, unsigned src_lane, unsigned width, int ok) {
  Fiber* f = cur;
  uint64_t bits = 0;
  memcpy(&bits, &v, sizeof(T));
  xchg[f->tid] = bits;
  warp_barrier(mask);
  unsigned base = f->tid & ~31u;
  (void)width;
  T r = v;
  if (ok) {
    if (!((mask >> src_lane) & 1u)) {
      char s[96];
      where(s, sizeof s);
      report("__shfl_*_sync reads lane %u, which is not in its mask %#x (%s)", src_lane, mask, s);
    }
    uint64_t b = xchg[base + src_lane];
    memcpy(&r, &b, sizeof(T));
  }
  warp_barrier(mask);
  return r;
}

PIRC_EMU_RT static void fiber_main() {
  Fiber* f = cur;
  entry(params);
  finish_pending();
  f->state = DONE;
  live--;
  progress++;
  if (bar_arrived > 0 && bar_arrived >= live) { bar_arrived = 0; bar_gen++; }
  swapcontext(&f->ctx, &sched_ctx);
}

PIRC_EMU_RT static int run_block(unsigned* order) {
  for (unsigned i = 0; i < nthreads; ++i) {
    Fiber* f = &fibers[i];
    f->state = READY;
    f->pending_size = 0;
    getcontext(&f->ctx);
    f->ctx.uc_stack.ss_sp = f->stack;
    f->ctx.uc_stack.ss_size = STACK;
    f->ctx.uc_link = nullptr;
    makecontext(&f->ctx, (void (*)())fiber_main, 0);
  }
  live = nthreads;
  bar_arrived = 0;
  for (unsigned w = 0; w < nwarps; ++w) warp_arrived[w] = 0;
  shuffle(order, nthreads);
  for (;;) {
    unsigned long before = progress;
    int any = 0;
    for (unsigned k = 0; k < nthreads; ++k) {
      Fiber* f = &fibers[order[k]];
      if (f->state == DONE) continue;
      any = 1;
      set_builtins(f);
      swapcontext(&sched_ctx, &f->ctx);
      cur = nullptr;
    }
    if (!any) return 0;
    if (progress == before) {
      unsigned waiting_block = 0, waiting_warp = 0;
      for (unsigned i = 0; i < nthreads; ++i) {
        waiting_block += fibers[i].state == WAIT_BLOCK;
        waiting_warp += fibers[i].state == WAIT_WARP;
      }
      report("deadlock in block (%u,%u,%u): %u threads wait at __syncthreads(), %u at a warp-synchronous "
             "call, %u have exited", blockIdx.x, blockIdx.y, blockIdx.z, waiting_block, waiting_warp,
             nthreads - live);
      return 1;
    }
    if ((next_rand() & 1u) != 0) shuffle(order, nthreads);
  }
}

}  // namespace pirc_emu

// -- the CUDA builtins pirc emits -------------------------------------------------------------------------
PIRC_EMU_RT static inline void __syncthreads() { pirc_emu::block_barrier(); }
PIRC_EMU_RT static inline void __syncwarp(unsigned mask = 0xffffffffu) { pirc_emu::warp_barrier(mask); }
PIRC_EMU_RT static inline void __threadfence() {}
PIRC_EMU_RT static inline void __threadfence_block() {}

template <typename T>
PIRC_EMU_RT static inline T __shfl_sync(unsigned mask, T v, int src, int width = 32) {
  unsigned lane = pirc_emu::cur->tid & 31u, w = (unsigned)width;
  return pirc_emu::shfl(mask, v, (lane & ~(w - 1u)) + ((unsigned)src & (w - 1u)), w, 1);
}
template <typename T>
PIRC_EMU_RT static inline T __shfl_xor_sync(unsigned mask, T v, int lane_mask, int width = 32) {
  unsigned lane = pirc_emu::cur->tid & 31u, w = (unsigned)width, src = lane ^ (unsigned)lane_mask;
  return pirc_emu::shfl(mask, v, src, w, src < ((lane & ~(w - 1u)) + w));
}
template <typename T>
PIRC_EMU_RT static inline T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = 32) {
  unsigned lane = pirc_emu::cur->tid & 31u, w = (unsigned)width, src = lane + delta;
  return pirc_emu::shfl(mask, v, src, w, src < ((lane & ~(w - 1u)) + w));
}
template <typename T>
PIRC_EMU_RT static inline T __shfl_up_sync(unsigned mask, T v, unsigned delta, int width = 32) {
  unsigned lane = pirc_emu::cur->tid & 31u, w = (unsigned)width;
  return pirc_emu::shfl(mask, v, lane - delta, w, lane >= (lane & ~(w - 1u)) + delta);
}

PIRC_EMU_RT static inline unsigned __float_as_uint(float f) { unsigned u; memcpy(&u, &f, 4); return u; }
PIRC_EMU_RT static inline float __uint_as_float(unsigned u) { float f; memcpy(&f, &u, 4); return f; }
PIRC_EMU_RT static inline int __float_as_int(float f) { int u; memcpy(&u, &f, 4); return u; }
PIRC_EMU_RT static inline float __int_as_float(int u) { float f; memcpy(&f, &u, 4); return f; }
PIRC_EMU_RT static inline double __longlong_as_double(long long u) { double f; memcpy(&f, &u, 8); return f; }
PIRC_EMU_RT static inline long long __double_as_longlong(double f) { long long u; memcpy(&u, &f, 8); return u; }
PIRC_EMU_RT static inline float rsqrtf(float x) { return 1.0f / sqrtf(x); }
PIRC_EMU_RT static inline double rsqrt(double x) { return 1.0 / sqrt(x); }

// atomics (one OS thread runs a block's fibers and switches only at barriers: plain read-modify-write
// is atomic here)
template <typename T> PIRC_EMU_RT static inline T atomicAdd(T* p, T v) { T o = *p; *p = o + v; return o; }
template <typename T> PIRC_EMU_RT static inline T atomicMax(T* p, T v) { T o = *p; *p = o > v ? o : v; return o; }
template <typename T> PIRC_EMU_RT static inline T atomicMin(T* p, T v) { T o = *p; *p = o < v ? o : v; return o; }
template <typename T> PIRC_EMU_RT static inline T atomicExch(T* p, T v) { T o = *p; *p = v; return o; }
template <typename T> PIRC_EMU_RT static inline T atomicCAS(T* p, T c, T v) { T o = *p; if (o == c) *p = v; return o; }

// -- instrumentation callbacks (checking mode) ------------------------------------------------------------
struct pirc_emu_asan_global {
  const void* beg;
  size_t size;
  size_t size_with_redzone;
  const char* name;
  const char* module_name;
  size_t has_dynamic_init;
  void* location;
  char* odr_indicator;
};

extern "C" {
#define PIRC_EMU_CB(n)                                                                                        \
  PIRC_EMU_NOCHECK void __asan_load##n##_noabort(uintptr_t a) { pirc_emu::access(a, n, 0); }                   \
  PIRC_EMU_NOCHECK void __asan_store##n##_noabort(uintptr_t a) { pirc_emu::access(a, n, 1); }                  \
  PIRC_EMU_NOCHECK void __asan_load##n(uintptr_t a) { pirc_emu::access(a, n, 0); }                             \
  PIRC_EMU_NOCHECK void __asan_store##n(uintptr_t a) { pirc_emu::access(a, n, 1); }
PIRC_EMU_CB(1)
PIRC_EMU_CB(2)
PIRC_EMU_CB(4)
PIRC_EMU_CB(8)
PIRC_EMU_CB(16)
#undef PIRC_EMU_CB
PIRC_EMU_NOCHECK void __asan_loadN_noabort(uintptr_t a, size_t n) { pirc_emu::access(a, (unsigned)n, 0); }
PIRC_EMU_NOCHECK void __asan_storeN_noabort(uintptr_t a, size_t n) { pirc_emu::access(a, (unsigned)n, 1); }
PIRC_EMU_NOCHECK void __asan_loadN(uintptr_t a, size_t n) { pirc_emu::access(a, (unsigned)n, 0); }
PIRC_EMU_NOCHECK void __asan_storeN(uintptr_t a, size_t n) { pirc_emu::access(a, (unsigned)n, 1); }
PIRC_EMU_NOCHECK void __asan_handle_no_return() {}
PIRC_EMU_NOCHECK void __asan_before_dynamic_init(const char*) {}
PIRC_EMU_NOCHECK void __asan_after_dynamic_init() {}
/* Every static of the translation unit: __shared__ variables (statics of the kernels), also string
   literals ("*.LC0") and the kernels' name strings, which are read-only; the runtime's own globals
   are left out. */
PIRC_EMU_NOCHECK void __asan_register_globals(void* gv, long n) {
  using namespace pirc_emu;
  pirc_emu_asan_global* g = (pirc_emu_asan_global*)gv;
  for (long i = 0; i < n; ++i) {
    uintptr_t b = (uintptr_t)g[i].beg;
    if (b == (uintptr_t)&threadIdx || b == (uintptr_t)&blockIdx || b == (uintptr_t)&blockDim ||
        b == (uintptr_t)&gridDim || g[i].name == nullptr || g[i].name[0] == '*' ||
        strncmp(g[i].name, "pirc_k", 6) == 0)
      continue;
    if (nshared == cap_shared) {
      cap_shared = cap_shared ? 2 * cap_shared : 16;
      shared_regs = (Region*)realloc(shared_regs, cap_shared * sizeof(Region));
    }
    shared_regs[nshared++] = Region{b, b + g[i].size, g[i].name, 1};
  }
}
PIRC_EMU_NOCHECK void __asan_unregister_globals(void*, long) {}

/* Launch ``fn`` (the kernel's stub: unpacks the kernelParams array and calls the kernel) over
 * grid x block.  allocs: n_allocs (begin, end) pairs of live device memory (checking mode).  Returns
 * the number of problems found (their text in msg), or -1 when the launch itself is invalid. */
PIRC_EMU_RT int pirc_emu_launch(void (*fn)(void**), void** kparams, const unsigned* grid, const unsigned* block,
                                uint64_t seed, int check, const uint64_t* allocs, size_t n_allocs, char* out,
                                size_t out_cap, unsigned long* accesses) {
  using namespace pirc_emu;
  msg = out;
  msg_cap = out_cap;
  msg_len = 0;
  if (out_cap) out[0] = 0;
  problems = 0;
  rng_state = seed;
  entry = fn;
  params = kparams;
  nthreads = block[0] * block[1] * block[2];
  if (nthreads == 0 || nthreads > 1024 || grid[0] == 0 || grid[1] == 0 || grid[2] == 0) {
    report("invalid launch: grid (%u,%u,%u), block (%u,%u,%u)", grid[0], grid[1], grid[2], block[0], block[1],
           block[2]);
    return -1;
  }
  nwarps = (nthreads + 31) / 32;
  blockDim = pirc_emu_dim3{block[0], block[1], block[2]};
  gridDim = pirc_emu_dim3{grid[0], grid[1], grid[2]};
  fibers = (Fiber*)calloc(nthreads, sizeof(Fiber));
  // the fibers' stacks stay allocated from launch to launch (touched pages are not faulted in again)
  static PIRC_EMU_STATE char* stacks;
  static PIRC_EMU_STATE unsigned stacks_for;
  if (stacks_for < nthreads) {
    free(stacks);
    stacks = (char*)malloc((size_t)nthreads * STACK);
    stacks_for = nthreads;
  }
  warp_gen = (unsigned long*)calloc(nwarps, sizeof(unsigned long));
  warp_arrived = (unsigned*)calloc(nwarps, sizeof(unsigned));
  warp_expect = (unsigned*)calloc(nwarps, sizeof(unsigned));
  xchg = (uint64_t*)calloc((size_t)nwarps * 32, sizeof(uint64_t));
  unsigned* order = (unsigned*)malloc(nthreads * sizeof(unsigned));
  for (unsigned i = 0; i < nthreads; ++i) {
    Fiber* f = &fibers[i];
    f->stack = stacks + (size_t)i * STACK;
    f->tid = i;
    f->idx = pirc_emu_dim3{i % block[0], (i / block[0]) % block[1], i / (block[0] * block[1])};
    order[i] = i;
  }
  checking = check;
  stats_accesses = 0;
  nregions = 0;
  if (check) {
    cap_regions = n_allocs + nshared + 1;
    regions = (Region*)malloc(cap_regions * sizeof(Region));
    for (size_t i = 0; i < n_allocs; ++i) {
      static PIRC_EMU_STATE char names[64][24];
      const char* nm = "(device memory)";
      if (i < 64) { snprintf(names[i], sizeof names[i], "#%lu", (unsigned long)i); nm = names[i]; }
      regions[nregions++] = Region{(uintptr_t)allocs[2 * i], (uintptr_t)allocs[2 * i + 1], nm, 0};
    }
    for (size_t i = 0; i < nshared; ++i) regions[nregions++] = shared_regs[i];
    shadow_cap = 1 << 16;
    shadow = (Shadow*)calloc(shadow_cap, sizeof(Shadow));
    shadow_used = 0;
  }
  uint64_t nblocks = (uint64_t)grid[0] * grid[1] * grid[2];
  // a random permutation of the blocks (blocks are independent on a GPU: any order must do)
  uint32_t* border = (uint32_t*)malloc(nblocks * sizeof(uint32_t));
  for (uint64_t i = 0; i < nblocks; ++i) border[i] = (uint32_t)i;
  for (uint64_t i = nblocks; i > 1; --i) {
    uint64_t j = next_rand() % i;
    uint32_t t = border[i - 1]; border[i - 1] = border[j]; border[j] = t;
  }
  int rc = 0;
  for (uint64_t bi = 0; bi < nblocks && rc == 0; ++bi) {
    uint32_t b = border[bi];
    block_linear = b;
    blockIdx = pirc_emu_dim3{b % grid[0], (b / grid[0]) % grid[1], b / (grid[0] * grid[1])};
    if (check && nshared) {
      for (size_t i = 0; i < nshared; ++i)  // shared memory starts undefined on a GPU
        memset((void*)shared_regs[i].beg, 0xCD, shared_regs[i].end - shared_regs[i].beg);
      // the shadow of shared memory is per block; of global memory per launch (kept)
      for (size_t i = 0; i < shadow_cap; ++i)
        if (shadow[i].block && find_region(shared_regs, nshared, shadow[i].addr) != nullptr) {
          shadow[i].block = 0;
          shadow_used--;
        }
      if (shadow_used != 0) {  // rehash the survivors (open addressing)
        Shadow* old = shadow;
        size_t oc = shadow_cap;
        shadow = (Shadow*)calloc(shadow_cap, sizeof(Shadow));
        shadow_used = 0;
        for (size_t i = 0; i < oc; ++i)
          if (old[i].block) { *shadow_slot(old[i].addr) = old[i]; shadow_used++; }
        free(old);
      }
    }
    bar_gen = 0;
    rc = run_block(order);
  }
  if (accesses) *accesses = stats_accesses;
  checking = 0;
  cur = nullptr;
  free(border);
  free(order);
  free(xchg);
  free(warp_expect);
  free(warp_arrived);
  free(warp_gen);
  free(fibers);
  if (check) {
    free(regions);
    free(shadow);
    regions = nullptr;
    shadow = nullptr;
    shadow_cap = 0;
  }
  return problems;
}
}

#endif /* PIRC_CUDA_EMU_H */
