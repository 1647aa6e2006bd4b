// Installed in every page of the benchmark before the console's own scripts (context.addInitScript). Plain JS on
// purpose: it is injected as text, so nothing a TypeScript loader adds (helpers, renamed functions) may leak into it.
// Everything it does on the main thread is a few property writes per event, so it does not inflate what it measures;
// byte counting (JSON.stringify) only runs while a poll phase asks for it.
/* global window, document, console, performance, MutationObserver, PerformanceObserver, MessagePort, requestAnimationFrame, setTimeout, clearTimeout */
(() => {
  if (window.__bench) return;
  const bench = {
    firstRowAt: null,
    firstRowCount: 0,
    // When the first answer from the API is on screen with rows (its first change of the page, or the next frame when
    // it changes nothing): on a later start the first rows are the cached ones, shown before any request; this is
    // when the list is the server's.
    firstLiveRowAt: null,
    liveSeen: false,
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
  // The benchmark waits for these on the console (probe-signal.ts): a wait that polls the page would cost it time.
  const tell = (sign) => console.info(`bench:${sign}`);

  // ---- the first alert row: table rows and phone cards both carry data-row-id -----------------------------------
  const rowSelector = '[data-row-id]';
  const observer = new MutationObserver(() => {
    if (bench.firstRowAt !== null) return;
    if (!document.querySelector(rowSelector)) return;
    bench.firstRowAt = performance.now();
    bench.firstRowCount = document.querySelectorAll(rowSelector).length;
    // A trace of the cold start ends its window here (tests/bench/startup-profile.ts).
    performance.mark('bench:first-row');
    observer.disconnect();
    tell('first-row');
  });
  observer.observe(document, { childList: true, subtree: true });
  // ---- the first group line of a grouped list (the storm scenario) --------------------------------------------------
  bench.firstGroupAt = null;
  const groupObserver = new MutationObserver(() => {
    if (!document.querySelector('[data-group-key]')) return;
    bench.firstGroupAt = performance.now();
    groupObserver.disconnect();
    tell('first-group');
  });
  groupObserver.observe(document, { childList: true, subtree: true });
  /** rows in the DOM (a windowed list renders only those near the viewport) */
  bench.rowCount = () => document.querySelectorAll(rowSelector).length;
  /** rows of the page, rendered or not: the table's aria-rowcount less its header row, a card's aria-setsize */
  bench.pageRowCount = () => {
    const table = document.querySelector('[role="table"][aria-rowcount]');
    if (table) return Number(table.getAttribute('aria-rowcount')) - 1;
    const card = document.querySelector('[data-row-id][aria-setsize]');
    if (card) return Number(card.getAttribute('aria-setsize'));
    return bench.rowCount();
  };
  /** every node of the document (elements, text, comments), as DevTools counts DOM nodes */
  bench.domNodes = () => {
    const walker = document.createTreeWalker(document, 0xffffffff);
    let n = 0;
    while (walker.nextNode()) n++;
    return n;
  };
  /** ids of the rows whose whole height is inside the list's viewport, below its sticky header */
  bench.visibleRowIds = () => {
    const list = document.querySelector('[data-alert-list]');
    if (!list) return [];
    const header = list.querySelector('[data-table-header], [role="rowgroup"]:first-child');
    const top = header ? header.getBoundingClientRect().bottom : list.getBoundingClientRect().top;
    const bottom = list.getBoundingClientRect().bottom;
    return [...list.querySelectorAll(rowSelector)]
      .map((el) => ({ id: el.getAttribute('data-row-id'), box: el.getBoundingClientRect() }))
      .filter((r) => r.box.top >= top - 1 && r.box.bottom <= bottom + 1)
      .sort((a, b) => a.box.top - b.box.top)
      .map((r) => r.id);
  };

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
  // The views the UI asks the worker for (setView calls), with the rows per page of each: which view's snapshot came
  // first after a reload tells whether the console asked for the right one.
  bench.views = [];
  const NativeWorker = window.Worker;
  const nativePost = NativeWorker.prototype.postMessage;
  window.Worker = class extends NativeWorker {
    constructor(url, options) {
      super(url, options);
      if (!bench.worker && options && options.name === 'alerta-data') bench.worker = this;
      else if (!bench.worker) bench.worker = this;
    }
    postMessage(message, transfer) {
      if (this === bench.worker && message && Array.isArray(message.path) && message.path[message.path.length - 1] === 'setView') {
        const arg = message.argumentList && message.argumentList[0] && message.argumentList[0].value;
        bench.views.push({ at: Math.round(performance.now()), rowsPerPage: arg ? arg.rowsPerPage : null });
      }
      return nativePost.call(this, message, transfer);
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
        // From the cache: the rows were answered before this page existed. (meta.fromCache alone is not enough: a
        // cached answer younger than two poll intervals counts as live, and the bench's interval is 10 minutes.)
        fromCache: !!(event.meta && (event.meta.fromCache || (typeof event.meta.updatedAt === 'number' && event.meta.updatedAt < performance.timeOrigin))),
      };
    }
    if (event.type === 'alerts-patch') bench.lastPatchRows = Array.isArray(event.rows) ? event.rows.length : 0;
    if ((event.type === 'alerts-full' || event.type === 'alerts-patch') && !bench.liveSeen && event.meta) {
      const meta = event.meta;
      if (typeof meta.updatedAt === 'number' && meta.updatedAt >= performance.timeOrigin && meta.fromCache !== true) {
        bench.liveSeen = true;
        // Rows on screen once the answer is applied: the first change of the page it makes (the rows themselves on a
        // first start), or the next frame when it changes nothing visible (the same rows as the cached ones).
        const shown = () => {
          if (bench.firstLiveRowAt !== null || !document.querySelector(rowSelector)) return;
          bench.firstLiveRowAt = performance.now();
          changes.disconnect();
          tell('first-live-row');
        };
        const changes = new MutationObserver(shown);
        changes.observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
        const frame = () => (document.querySelector(rowSelector) ? shown() : requestAnimationFrame(() => setTimeout(frame, 0)));
        requestAnimationFrame(() => setTimeout(frame, 0));
      }
    }
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
  /**
   * Resolves at a moment when no interval timer of up to 10 s is due within `gapMs`: now if there is such room, else
   * right after the tick that opens the widest gap of the coming ticks (several 1 s timers out of phase may leave no
   * gap of `gapMs`; waiting for one that never comes used to cost 25 s per measured cycle).
   */
  bench.quietSlot = async (gapMs) => {
    const now = performance.now();
    const periodic = [...intervals.values()].filter((info) => info.period <= 10000);
    if (periodic.length === 0) return now;
    const horizon = now + 2 * Math.max(...periodic.map((info) => info.period));
    const dues = [];
    for (const info of periodic) for (let t = info.next; t <= horizon; t += info.period) if (t >= now) dues.push(t);
    dues.sort((a, b) => a - b);
    if (dues.length === 0 || dues[0] - now >= gapMs) return now;
    let best = dues.length - 1;
    let bestGap = -1;
    for (let i = 0; i + 1 < dues.length; i++) {
      const gap = dues[i + 1] - dues[i];
      if (gap >= gapMs) {
        best = i;
        break;
      }
      if (gap > bestGap) {
        best = i;
        bestGap = gap;
      }
    }
    await sleep(dues[best] - now + 15);
    return performance.now();
  };
})();
