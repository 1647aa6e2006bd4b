// A view of the alert list for tests: the default one, with what a test sets.
import type { AlertsView } from '../../../src/core/types.ts';

export function view(overrides: Partial<AlertsView> = {}, filter: Partial<AlertsView['filter']> = {}): AlertsView {
  return {
    query: [],
    sort: { sortBy: 'default', descending: false },
    page: 1,
    rowsPerPage: 20,
    showHistory: false,
    watchedBy: null,
    ...overrides,
    filter: {
      environment: null,
      text: null,
      status: ['open', 'ack'],
      customer: null,
      service: null,
      group: null,
      dateRange: [null, null],
      ...filter,
    },
  };
}
