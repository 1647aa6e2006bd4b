// The data worker proper, loaded by its first script (index.ts): exposes its face to the UI through Comlink.
import * as Comlink from 'comlink';
import { createDataService } from './service.ts';

export function expose(endpoint: Comlink.Endpoint): void {
  Comlink.expose(createDataService(), endpoint);
}
