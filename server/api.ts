// The Alerta-compatible API as a Fastify plugin, mounted at a prefix (/api in the demo) or at the root.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { Router, installHttpBasics } from './http.ts';
import { registerAlertRoutes } from './routes/alerts.ts';
import { registerConfigRoutes } from './routes/config.ts';
import { registerAuthRoutes } from './routes/auth.ts';
import { registerHeartbeatRoutes } from './routes/heartbeats.ts';
import { registerBlackoutRoutes } from './routes/blackouts.ts';
import { registerUserRoutes } from './routes/users.ts';
import { registerGroupRoutes } from './routes/groups.ts';
import { registerCustomerRoutes } from './routes/customers.ts';
import { registerPermRoutes } from './routes/perms.ts';
import { registerKeyRoutes } from './routes/keys.ts';
import { registerManagementRoutes } from './routes/management.ts';

export function registerApi(app: FastifyInstance, ctx: AppContext, prefix: string): void {
  installHttpBasics(app, ctx);
  const r = new Router(app, ctx, prefix);
  const links: { method: string; path: string }[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.length === 1 && methods[0] !== 'HEAD' && methods[0] !== 'PATCH') links.push({ method: methods[0] as string, path: route.url });
  });
  r.get('/', { scope: null }, ({ base }) => ({
    data: { description: 'Alerta API' },
    links: links
      .filter((l) => l.path.startsWith(prefix))
      .map((l) => ({ href: `${base}${l.path.slice(prefix.length)}`, method: l.method, rel: `api.${l.path.slice(prefix.length) || '/'}` })),
    status: 'ok',
    uri: `${base}/`,
  }));
  registerConfigRoutes(r);
  registerAuthRoutes(r);
  registerAlertRoutes(r);
  registerHeartbeatRoutes(r);
  registerBlackoutRoutes(r);
  registerUserRoutes(r);
  registerGroupRoutes(r);
  registerCustomerRoutes(r);
  registerPermRoutes(r);
  registerKeyRoutes(r);
  registerManagementRoutes(r);
  r.finish();
}
