import { http, HttpResponse, ws } from 'msw';
import type { components as Billing } from '@/types/api/billing';
import type { components as Notifications } from '@/types/api/notifications';

/** Identity API as the tests' fake server sees it (shapes from the generated OpenAPI types). */
export const users = {
  owner: { id: 2, username: 'owner@example.com', first_name: 'Olga', groups: [{ id: 2 }] },
  admin: { id: 1, username: 'admin@example.com', first_name: 'Ada', groups: [{ id: 1 }] },
  client: { id: 3, username: 'client@example.com', first_name: 'Carla', groups: [{ id: 3 }] },
  operator: { id: 4, username: 'op@example.com', first_name: 'Oscar', groups: [{ id: 4 }] },
} as const;

export const PASSWORD = 'correct-horse';
const tokens: Record<string, keyof typeof users> = {
  'tok-owner': 'owner',
  'tok-admin': 'admin',
  'tok-client': 'client',
  'tok-operator': 'operator',
};

// Every staff screen opens the live socket from the shell; a test that plays the server replaces
// it (features/notifications/testing). Elsewhere it opens and stays silent, as a quiet evening.
// No trailing slash: msw drops the socket URL's before it matches, so 'ws://*/ws/notificaciones/'
// matched nothing and every such socket went past the fake server (onUnhandledFrame) to a real one.
const staffLive = ws.link('ws://*/ws/notificaciones');

export const handlers = [
  staffLive.addEventListener('connection', () => {}),
  http.post('*/api/auth/token/login/', async ({ request }) => {
    const body = (await request.json()) as { username: string; password: string };
    const entry = Object.entries(users).find(([, u]) => u.username === body.username);
    if (!entry || body.password !== PASSWORD) {
      return HttpResponse.json({ non_field_errors: ['Unable to log in with provided credentials.'] }, { status: 400 });
    }
    return HttpResponse.json({ auth_token: `tok-${entry[0]}`, user: entry[1] });
  }),
  http.get('*/api/auth/token/demo/', () => HttpResponse.json({ enabled: true })),
  http.post('*/api/auth/token/demo/', () => HttpResponse.json({ auth_token: 'tok-owner', user: users.owner })),
  http.post('*/api/auth/token/logout/', () => new HttpResponse(null, { status: 204 })),
  http.post('*/api/token-auth/check-authentication/', ({ request }) => {
    const token = request.headers.get('Authorization')?.replace(/^Token /, '') ?? '';
    const who = tokens[token];
    if (!who) return HttpResponse.json({ detail: 'Invalid token.' }, { status: 401 });
    return HttpResponse.json(users[who]);
  }),
  http.post('*/api/restaurant/', async ({ request }) => {
    const body = (await request.json()) as { nombre_local: string; telefono: string; fk_user: { email: string } };
    if (body.fk_user.email === 'taken@example.com') {
      return HttpResponse.json(
        // identity's own texts for Accept-Language es, shown as sent
        { fk_user: { email: ['Ya existe un usuario con este e-mail.'], password: ['La contraseña es demasiado común.'] } },
        { status: 400 },
      );
    }
    return HttpResponse.json(
      { success: true, id: 10, user_id: 20, username: body.fk_user.email, auth_token: 'tok-owner', name: body.nombre_local, phone: body.telefono, address: '' },
      { status: 201 },
    );
  }),
  http.post('*/api/cliente/', async ({ request }) => {
    const body = (await request.json()) as { fk_user: { email: string } };
    return HttpResponse.json({ success: true, id: 30, username: body.fk_user.email, auth_token: 'tok-client' }, { status: 201 });
  }),
  http.post('*/api/auth/users/reset_password/', () => new HttpResponse(null, { status: 204 })),
  // the top bar's bell asks on every staff screen: nothing unread unless a test says otherwise
  http.get('*/api/notificaciones/sin-leer/', () => HttpResponse.json({ count: 0 } satisfies Notifications['schemas']['UnreadCount'])),
  http.get('*/api/notificaciones/', () => HttpResponse.json({ count: 0, results: [] } satisfies Notifications['schemas']['Page_NotificationPublic_'])),
  // an owner's restaurant tabs ask whether the restaurant is linked to MercadoPago: not unless a test says so
  http.post('*/api/restaurant-atributes/obtener-estado-mp/', async ({ request }) => {
    const body = (await request.json()) as { fk_resto: number };
    return HttpResponse.json({ fk_resto: body.fk_resto, mp_active: false, linked_at: null } satisfies Billing['schemas']['LinkState']);
  }),
  // a table's phone asks whether the restaurant takes online payments: not unless a test says so
  http.get('*/api/pagar-orden/mercadopago/mesa/', () => HttpResponse.json({ linked: false, tips: false, checkouts: [] })),
  http.post('*/api/auth/users/reset_password_confirm/', async ({ request }) => {
    const body = (await request.json()) as { token: string };
    if (body.token === 'expired') return HttpResponse.json({ token: ['Invalid token.'] }, { status: 400 });
    return new HttpResponse(null, { status: 204 });
  }),
];
