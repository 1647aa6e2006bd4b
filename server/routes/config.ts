// GET /config: the client configuration, snake_case like the real server's.
import type { Router } from '../http.ts';
import type { AppContext } from '../context.ts';

export function clientConfig(ctx: AppContext, endpoint: string): Record<string, unknown> {
  const s = ctx.settings;
  const colors = { ...s.COLOR_MAP, status: s.COLOR_MAP.status ?? {}, text: s.COLOR_MAP.text ?? 'black' };
  return {
    actions: s.ACTIONS,
    alarm_model: {
      colors,
      defaults: {
        normal_severity: s.DEFAULT_NORMAL_SEVERITY,
        previous_severity: s.DEFAULT_PREVIOUS_SEVERITY,
        status: 'open',
      },
      name: 'Alerta 9.1.0',
      severity: s.SEVERITY_MAP,
      status: { ack: 'C', assign: 'B', blackout: 'E', closed: 'F', expired: 'G', open: 'A', shelved: 'D', unknown: 'H' },
    },
    allow_readonly: s.ALLOW_READONLY,
    audio: s.AUDIO,
    auth_required: s.AUTH_REQUIRED,
    aws_region: s.AWS_REGION,
    azure_tenant: s.AZURE_TENANT,
    blackouts: { duration: s.BLACKOUT_DURATION },
    client_id: s.OAUTH2_CLIENT_ID,
    clipboard_template: s.CLIPBOARD_TEMPLATE,
    cognito_domain: s.COGNITO_DOMAIN,
    colors,
    columns: s.COLUMNS,
    customer_views: s.CUSTOMER_VIEWS,
    dates: {
      longDate: s.DATE_FORMAT_LONG_DATE,
      mediumDate: s.DATE_FORMAT_MEDIUM_DATE,
      shortTime: s.DATE_FORMAT_SHORT_TIME,
    },
    debug: s.DEBUG,
    email_verification: s.EMAIL_VERIFICATION,
    endpoint,
    environments: s.ALLOWED_ENVIRONMENTS,
    filter: s.DEFAULT_FILTER,
    font: s.FONT,
    github_url: s.GITHUB_URL,
    gitlab_url: s.GITLAB_URL,
    ...(s.INDICATORS ? { indicators: s.INDICATORS } : {}),
    keycloak_realm: s.KEYCLOAK_REALM,
    keycloak_url: s.KEYCLOAK_URL,
    oidc_auth_url: s.OIDC_AUTH_URL,
    provider: s.AUTH_PROVIDER,
    readonly_scopes: s.READONLY_SCOPES,
    refresh_interval: s.AUTO_REFRESH_INTERVAL,
    severity: s.SEVERITY_MAP,
    // as the real server: sign-up exists for the basic provider only
    signup_enabled: s.SIGNUP_ENABLED && s.AUTH_PROVIDER === 'basic',
    site_logo_url: s.SITE_LOGO_URL,
    sort_by: s.SORT_LIST_BY,
    timeouts: { ack: s.ACK_TIMEOUT, alert: s.ALERT_TIMEOUT, heartbeat: s.HEARTBEAT_TIMEOUT, shelve: s.SHELVE_TIMEOUT },
    tracking_id: s.TRACKING_ID,
  };
}

export function registerConfigRoutes(r: Router): void {
  r.get('/config', { auth: 'none' }, ({ ctx, base }) => clientConfig(ctx, base));
}
