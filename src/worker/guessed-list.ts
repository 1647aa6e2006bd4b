// A first start's list, asked for beside the user's preferences (the rules: src/core/first-page.ts). The start asks
// for it once the config is known; the start's list takes it on its first poll when it holds that list's page, cut to
// its page size, instead of asking again; when the preferences show the notes, it gives the rows and the list asks for
// them again with their history soon after. A list it does not hold (the preferences group the list) cancels it, as does
// a list that never comes for it.
import type { AlertsResponse, AlertsView, Config } from '../core/types.ts';
import type { Result } from './contract/index.ts';
import { alertsParams } from '../core/alerts-query.ts';
import { firstPageOf, guessFit } from '../core/first-page.ts';
import { request, type HttpContext } from './http.ts';
import { parseAlertsResponse, type Parsed } from './schema.ts';
import { EARLY_KEEP_MS } from './early.ts';

type ListAnswer = Result<Parsed<AlertsResponse>>;

/** A guess taken for a view's first page. */
export interface TakenGuess {
  answer: Promise<ListAnswer>;
  /** the rows came without the history the view's notes need: the page is to be asked for again soon */
  notesMissing: boolean;
}

interface Guess {
  view: AlertsView;
  answer: Promise<ListAnswer>;
  controller: AbortController;
  timer: ReturnType<typeof setTimeout>;
}

export class GuessedList {
  private guess: Guess | null = null;

  /** Asks for `view`'s list (the one guessed), in place of any guess before it. */
  ask(http: HttpContext, view: AlertsView, config: Config, timeoutMs: number): void {
    this.drop();
    const controller = new AbortController();
    const answer = request(http, '/alerts', (body) => parseAlertsResponse(body, view.rowsPerPage), {
      params: alertsParams(view, config, new Date()),
      signal: controller.signal,
      timeoutMs,
    });
    this.guess = { view, answer, controller, timer: setTimeout(() => this.drop(), EARLY_KEEP_MS) };
  }

  /**
   * The answer as `view`'s first page, when the guess holds its rows (taken once; cancelled when `signal` aborts
   * first); else null, and the guess is cancelled.
   */
  take(view: AlertsView, signal: AbortSignal): TakenGuess | null {
    const guess = this.guess;
    if (!guess) return null;
    this.guess = null;
    clearTimeout(guess.timer);
    const fit = guessFit(guess.view, view);
    if (!fit || signal.aborted) {
      guess.controller.abort();
      return null;
    }
    signal.addEventListener('abort', () => guess.controller.abort(), { once: true });
    const answer = guess.answer.then((answer): ListAnswer => (answer.ok ? { ok: true, value: { ...answer.value, value: firstPageOf(answer.value.value, view.rowsPerPage) } } : answer));
    return { answer, notesMissing: fit === 'rows' };
  }

  /** Cancels the guess not taken (the start's list has its answer, or another tab polls). */
  drop(): void {
    const guess = this.guess;
    if (!guess) return;
    this.guess = null;
    clearTimeout(guess.timer);
    guess.controller.abort();
  }
}
