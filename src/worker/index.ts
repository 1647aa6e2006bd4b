// Entry of the dedicated data worker: exposes the DataService to the UI through Comlink.
import * as Comlink from 'comlink';
import { DataService } from './service.ts';

Comlink.expose(new DataService());
