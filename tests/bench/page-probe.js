// Installed in every page of the benchmark before the console's own scripts (context.addInitScript). Plain JS on
// purpose: it is injected as text, so nothing a TypeScript loader adds (helpers, renamed functions) may leak into it.
// Everything it does on the main thread is a few property writes per event, so it does not inflate what it measures;
// byte counting (JSON.stringify) only runs while a poll phase asks for it.
/* global window, document, performance, MutationObserver, PerformanceObserver, MessagePort, requestAnimationFrame, setTimeout, clearTimeout */
(() => {
  if (window.__bench) return;
  const bench = {
    firstRowAt: null,
    firstRowCount: 0,
    firstFull: null,
    longTasks: [],
    measureBytes: false,
    bytes: 0,
    messages: 0,
    eventTypes: {},
    worker: null,
    nextId: 0,
    // The soak's record of good polls (the worker's own time of each answer) and of the view turning away from live;
    // the soak collects and empties them every sample, so they stay small.
    recordPolls: false,
    pollTimes: [],
    notLive: 0,
  };
  window.__bench = bench;

  // ---- the first alert row: table rows and phone cards both carry data-row-id -----------------------------------
  const rowSelector = '[data-row-id]';
  const observer = new MutationObserver(() => {
    if (bench.firstRowAt !== null) return;
    if (!document.querySelector(rowSelector)) return;
    bench.firstRowAt = performance.now();
    bench.firstRowCount = document.querySelectorAll(rowSelector).length;
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
  bench.rowCount = () => document.querySelectorAll(rowSelector).length;

  // ---- long tasks ---------------------------------------------------------------------------------------------------
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) bench.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    bench.longTasks = null;
  }

  // ---- long animation frames: which scripts a long task ran (the soak names them), the last 100 kept -------------
  bench.frames = [];
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        if (!(e.blockingDuration > 0)) continue;
        bench.frames.push({
          start: e.startTime,
          duration: e.duration,
          scripts: (e.scripts || []).map((x) => ({ invoker: x.invoker, fn: x.sourceFunctionName, url: x.sourceURL, at: x.sourceCharPosition, ms: Math.round(x.duration) })),
        });
        if (bench.frames.length > 100) bench.frames.shift();
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    bench.frames = null;
  }

  // ---- the data worker: keep a handle to talk to it in Comlink's wire format ------------------------------------------
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      if (!bench.worker && options && options.name === 'alerta-data') bench.worker = this;
      else if (!bench.worker) bench.worker = this;
    }
  };

  const pending = new Map();
  const waiters = [];

  // Events reach the UI as Comlink calls of the subscribed callback on a MessagePort ({type:'APPLY', argumentList:
  // [{type:'RAW', value: event}]}); wrapping the port's listener sees each one before the app handles it.
  function observe(data) {
    if (!data || data.type !== 'APPLY' || !Array.isArray(data.argumentList)) return;
    const event = data.argumentList[0] && data.argumentList[0].value;
    if (!event || typeof event.type !== 'string') return;
    bench.messages++;
    bench.eventTypes[event.type] = (bench.eventTypes[event.type] || 0) + 1;
    // The structured clone's size is not observable; the JSON length of the same message is a close stand-in.
    if (bench.measureBytes) bench.bytes += JSON.stringify(data).length;
    if (event.type === 'alerts-full' && bench.firstFull === null) {
      bench.firstFull = {
        at: performance.now(),
        rows: Array.isArray(event.rows) ? event.rows.length : 0,
        fromCache: !!(event.meta && event.meta.fromCache),
      };
    }
    if (event.type === 'alerts-patch') bench.lastPatchRows = Array.isArray(event.rows) ? event.rows.length : 0;
    if (bench.recordPolls && (event.type === 'alerts-full' || event.type === 'alerts-patch') && event.meta) {
      const at = event.meta.updatedAt;
      if (typeof at === 'number' && at !== bench.pollTimes[bench.pollTimes.length - 1] && !event.meta.fromCache) bench.pollTimes.push(at);
      if (typeof event.meta.freshness === 'string' && event.meta.freshness !== 'live') bench.notLive++;
    }
    if (event.type === 'alerts-full' || event.type === 'alerts-patch') {
      const list = waiters.splice(0);
      for (const w of list) w(event.type);
    }
  }
  const wrapped = new WeakMap();
  const add = MessagePort.prototype.addEventListener;
  const remove = MessagePort.prototype.removeEventListener;
  MessagePort.prototype.addEventListener = function (type, listener, options) {
    if (type === 'message' && typeof listener === 'function') {
      let w = wrapped.get(listener);
      if (!w) {
        w = function (ev) {
          observe(ev.data);
          return listener.call(this, ev);
        };
        wrapped.set(listener, w);
      }
      return add.call(this, type, w, options);
    }
    return add.call(this, type, listener, options);
  };
  MessagePort.prototype.removeEventListener = function (type, listener, options) {
    return remove.call(this, type, (typeof listener === 'function' && wrapped.get(listener)) || listener, options);
  };

  function ensureReplies() {
    if (bench.repliesHooked || !bench.worker) return;
    bench.repliesHooked = true;
    bench.worker.addEventListener('message', (ev) => {
      const d = ev.data;
      if (!d || typeof d.id !== 'string' || !pending.has(d.id)) return;
      const resolve = pending.get(d.id);
      pending.delete(d.id);
      resolve(d.type === 'RAW' ? d.value : d);
    });
  }

  /** Calls a command of the worker the way the app's Comlink proxy does (comlink 4 wire format). */
  bench.command = (path, args, type) => {
    if (!bench.worker) return Promise.reject(new Error('the data worker has not started'));
    ensureReplies();
    const id = `bench-${++bench.nextId}`;
    return new Promise((resolve) => {
      pending.set(id, resolve);
      const message = { id, type: type || 'APPLY', path };
      if ((type || 'APPLY') === 'APPLY') message.argumentList = (args || []).map((value) => ({ type: 'RAW', value }));
      bench.worker.postMessage(message);
    });
  };

  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  const nextAlertsMessage = (timeoutMs) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => resolve('timeout'), timeoutMs);
      waiters.push((t) => {
        clearTimeout(timer);
        resolve(t);
      });
    });

  /**
   * Resolves `settleMs` after the next alerts message (a poll's answer), or after `timeoutMs` without one: the soak
   * measures right after a poll, when neither the worker nor the page holds a poll's answer in flight.
   */
  bench.afterPoll = async (timeoutMs, settleMs) => {
    const type = await nextAlertsMessage(timeoutMs);
    await sleep(settleMs);
    return type;
  };

  /** Lets React commit and the browser lay out and paint what the last message changed. */
  bench.settle = async () => {
    await sleep(20);
    await frame();
    await sleep(0);
  };

  /**
   * One poll cycle: the worker's refresh command (the same cycle its timer runs), then the patch, then a painted frame.
   * `withPoll: false` does everything but the poll, to measure what the measuring itself costs.
   */
  bench.cycle = async (withPoll, countBytes) => {
    bench.bytes = 0;
    bench.measureBytes = !!countBytes;
    // Marks only while a trace records (they would pile up in the performance timeline otherwise).
    if (bench.markCycles) performance.mark('bench:cycle-start');
    const started = performance.now();
    let outcome = 'none';
    if (withPoll) {
      const patch = nextAlertsMessage(15000);
      await bench.command(['refresh'], []);
      outcome = await patch;
    } else {
      await bench.command(['__benchNoop'], [], 'GET');
    }
    await bench.settle();
    bench.measureBytes = false;
    if (bench.markCycles) performance.mark('bench:cycle-end');
    return { outcome, bytes: bench.bytes, ms: performance.now() - started };
  };

  // ---- timers: start measured cycles right after the app's periodic ticks, so a tick never falls inside ---------------
  const intervals = new Map();
  const nativeSetInterval = window.setInterval;
  const nativeClearInterval = window.clearInterval;
  window.setInterval = function (fn, ms, ...rest) {
    const period = Math.max(4, Number(ms) || 0);
    const info = { period, next: performance.now() + period };
    const handle = nativeSetInterval.call(
      window,
      typeof fn === 'function'
        ? function (...a) {
            info.next = performance.now() + period;
            return fn.apply(this, a);
          }
        : fn,
      ms,
      ...rest,
    );
    intervals.set(handle, info);
    return handle;
  };
  window.clearInterval = function (handle) {
    intervals.delete(handle);
    return nativeClearInterval.call(window, handle);
  };
  /** Resolves at a moment when no interval timer of up to 10 s is due within `gapMs`. */
  bench.quietSlot = async (gapMs) => {
    for (let i = 0; i < 50; i++) {
      const now = performance.now();
      let due = Infinity;
      for (const info of intervals.values()) if (info.period <= 10000) due = Math.min(due, info.next);
      if (due - now >= gapMs) return now;
      await sleep(Math.max(0, due - now) + 15);
    }
    return performance.now();
  };
})();
