import { http, HttpResponse } from 'msw';
import type { components } from '@/types/api/identity';

type Restaurant = components['schemas']['RestaurantPublic'];
type Operator = components['schemas']['OperatorPublic'];
type Profile = components['schemas']['ProfilePublic'];

/** A restaurant as identity answers it (defaults of a new one). */
export function restaurant(id: number, over: Partial<Restaurant> = {}): Restaurant {
  return {
    id_resto: id,
    id,
    nombre_local: `Local ${id}`,
    direccion: 'Av. Corrientes 1234, CABA',
    telefono: '1145678900',
    logo: `/media/identity/logos/${id}.png`,
    wait_time: 0,
    avg_permanence: '0.00',
    mp_active: false,
    nro_tarjeta: '',
    reservas: false,
    takeaway: true,
    tips: false,
    has_waiter: false,
    stop_orders: false,
    receive_noti: true,
    mute_sound: false,
    facebook: '',
    instagram: '',
    whatsapp: '',
    website: '',
    application_fee: '0.50',
    horario_apertura: null,
    horario_cierre: null,
    profile_complete: true,
    fk_user: {
      username: 'owner@example.com',
      email: 'owner@example.com',
      first_name: 'Olga',
      last_name: 'Ortiz',
      date_joined: '2026-01-02T10:00:00Z',
      last_login: '2026-03-04T12:30:00Z',
    },
    ...over,
  };
}

export type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

/**
 * An in-memory identity service for the screens of issue 4: restaurants, schedule, operators,
 * client profile and the admin views. `calls` records what the screens sent.
 */
export function identityFake() {
  const db = {
    restaurants: [restaurant(1, { nombre_local: 'Resto Uno' }), restaurant(2, { nombre_local: 'Resto Dos', direccion: '', profile_complete: false })],
    operators: [] as Operator[],
    profile: {
      fk_user: { id: 3, username: 'client@example.com', email: 'client@example.com', first_name: 'Carla', last_name: 'Gómez' },
      telefono: '',
      genero: null,
      imagen: '',
    } as Profile,
    schedule: { horario_apertura: null as string | null, horario_cierre: null as string | null },
  };
  const calls: Call[] = [];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    let body: unknown = null;
    const type = request.headers.get('Content-Type') ?? '';
    if (type.includes('multipart/form-data')) body = Object.fromEntries((await request.clone().formData()).entries());
    else if (type.includes('json')) body = await request.clone().json();
    const call = { method: request.method, path: url.pathname, query: url.searchParams, body };
    calls.push(call);
    return call;
  };
  const page = <T,>(rows: T[], q: URLSearchParams, size0: number) => {
    const size = Number(q.get('size') ?? size0);
    const p = Number(q.get('page') ?? 1);
    return { count: rows.length, results: size > 0 ? rows.slice((p - 1) * size, p * size) : rows };
  };
  let nextId = 10;

  const handlers = [
    http.get('*/api/restaurant/', () => HttpResponse.json(db.restaurants)),
    http.get('*/api/restaurant-atributes/', async ({ request }) => {
      const { query } = await record(request);
      const search = (query.get('search') ?? '').toLowerCase();
      const rows = db.restaurants.filter((r) => !search || r.nombre_local.toLowerCase().includes(search));
      return HttpResponse.json(page(rows, query, 9));
    }),
    http.post('*/api/restaurant-atributes/', async ({ request }) => {
      const { body } = await record(request);
      const form = body as Record<string, string | File>;
      if (db.restaurants.some((r) => r.nombre_local === form.nombre_local)) {
        return HttpResponse.json(
          { nombre_local: ['Ya tiene un local con este nombre: el nombre debe ser único para el propietario.'] },
          { status: 400 },
        );
      }
      const created = restaurant(nextId++, {
        nombre_local: String(form.nombre_local),
        telefono: String(form.telefono),
        direccion: String(form.direccion),
      });
      db.restaurants.push(created);
      return HttpResponse.json(created, { status: 201 });
    }),
    http.get('*/api/restaurant-atributes/:id/horario/', () => HttpResponse.json(db.schedule)),
    http.put('*/api/restaurant-atributes/:id/horario/', async ({ request }) => {
      const { body } = await record(request);
      db.schedule = body as typeof db.schedule;
      return HttpResponse.json(db.schedule);
    }),
    http.get('*/api/restaurant-atributes/:id/', ({ params }) => {
      const r = db.restaurants.find((x) => x.id_resto === Number(params.id));
      return r ? HttpResponse.json(r) : HttpResponse.json({ detail: 'No encontrado.' }, { status: 404 });
    }),
    http.put('*/api/restaurant-atributes/:id/', async ({ request, params }) => {
      const { body } = await record(request);
      const form = body as Record<string, string>;
      if (form.facebook && !form.facebook.startsWith('https://facebook.com/')) {
        return HttpResponse.json({ facebook: ['URL de Facebook inválida: debe comenzar con https://facebook.com/'] }, { status: 400 });
      }
      const i = db.restaurants.findIndex((x) => x.id_resto === Number(params.id));
      const r = { ...db.restaurants[i], fk_user: { ...db.restaurants[i].fk_user! } };
      for (const [k, v] of Object.entries(form)) {
        if (k.startsWith('fk_user.')) (r.fk_user as Record<string, string>)[k.slice(8)] = v;
        else if (k === 'instagram') r.instagram = v ? `https://www.instagram.com/${v.replace(/^@/, '')}/` : '';
        else if (k === 'whatsapp') r.whatsapp = v ? `https://wa.me/${v}` : '';
        else if (v === 'true' || v === 'false') (r as Record<string, unknown>)[k] = v === 'true';
        else if (k !== 'logo') (r as Record<string, unknown>)[k] = v;
      }
      r.profile_complete = !!(r.direccion && r.fk_user.first_name && r.fk_user.last_name);
      db.restaurants[i] = r;
      return HttpResponse.json(r);
    }),
    http.delete('*/api/restaurant-atributes/:id/', async ({ request, params }) => {
      await record(request);
      db.restaurants = db.restaurants.filter((x) => x.id_resto !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/registrar-operador/', async ({ request }) => {
      const { query } = await record(request);
      const rows = db.operators.filter((o) => o.fk_resto === Number(query.get('resto')));
      return HttpResponse.json(page(rows, query, 10));
    }),
    http.post('*/api/registrar-operador/', async ({ request }) => {
      const { body } = await record(request);
      const b = body as { fk_resto: number; fk_user: { first_name: string; last_name: string; email: string } };
      if (b.fk_user.email === 'taken@example.com') {
        return HttpResponse.json({ email: ['Ya existe un usuario con este e-mail.'] }, { status: 400 });
      }
      const op = { id: nextId++, fk_resto: b.fk_resto, fk_user: { id: nextId++, username: b.fk_user.email, email: b.fk_user.email, first_name: b.fk_user.first_name, last_name: b.fk_user.last_name } };
      db.operators.push(op);
      return HttpResponse.json(op, { status: 201 });
    }),
    http.get('*/api/registrar-operador/:id/', ({ params }) => HttpResponse.json(db.operators.find((o) => o.id === Number(params.id)))),
    http.put('*/api/registrar-operador/:id/', async ({ request, params }) => {
      const { body } = await record(request);
      const op = db.operators.find((o) => o.id === Number(params.id))!;
      Object.assign(op.fk_user, (body as { fk_user: object }).fk_user);
      return HttpResponse.json(op);
    }),
    http.delete('*/api/registrar-operador/:id/', async ({ request, params }) => {
      await record(request);
      db.operators = db.operators.filter((o) => o.id !== Number(params.id));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/cliente/detalles/', () => HttpResponse.json(db.profile)),
    http.put('*/api/cliente/actualizar/', async ({ request }) => {
      const { body } = await record(request);
      const form = body as Record<string, string>;
      if (form.telefono === '00000000') return HttpResponse.json({ telefono: ['Solo se permiten números.'] }, { status: 400 });
      const p = { ...db.profile, fk_user: { ...db.profile.fk_user } };
      if (form['fk_user.first_name']) p.fk_user.first_name = form['fk_user.first_name'];
      if (form['fk_user.last_name']) p.fk_user.last_name = form['fk_user.last_name'];
      if (form.telefono !== undefined) p.telefono = form.telefono;
      if (form.genero !== undefined) p.genero = form.genero === '' ? null : Number(form.genero);
      db.profile = p;
      return HttpResponse.json(p);
    }),
    http.post('*/api/auth/users/set_password/', async ({ request }) => {
      const { body } = await record(request);
      if ((body as { current_password: string }).current_password !== 'correct-horse') {
        return HttpResponse.json({ current_password: ['Contraseña inválida.'] }, { status: 400 });
      }
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/cliente/', async ({ request }) => {
      const { query } = await record(request);
      const rows = [
        { id: 2, username: 'owner@example.com', first_name: 'Olga', last_name: 'Ortiz', email: 'owner@example.com', telefono: '1145678900', group: 2, date_joined: '2026-01-02T10:00:00Z' },
        { id: 3, username: 'client@example.com', first_name: 'Carla', last_name: 'Gómez', email: 'client@example.com', telefono: '', group: 3, date_joined: '2026-01-03T10:00:00Z' },
      ].filter((r) => !query.get('search') || r.email.includes(query.get('search')!));
      return HttpResponse.json(page(rows, query, 20));
    }),
    http.get('*/api/admin/dashboard/', async ({ request }) => {
      const { query } = await record(request);
      const rows = db.restaurants.map((r) => ({
        id: 2,
        username: 'owner@example.com',
        date_joined: '2026-01-02T10:00:00Z',
        id_resto: r.id_resto,
        nombre_local: r.nombre_local,
        last_login: '2026-03-04T12:30:00Z',
        num_orders: r.id_resto * 3,
        last_order: r.id_resto === 1 ? { creation_date: '2026-03-05T20:15:00Z', fk_dish: 'Milanesa', fk_user_client: 'carla' } : null,
      }));
      return HttpResponse.json(page(rows, query, 20));
    }),
    http.get('*/api/admin/restaurantes/', async ({ request }) => {
      const { query } = await record(request);
      const rows = db.restaurants.map((r) => ({ ...r, num_orders: 0, last_order: null }));
      return HttpResponse.json(page(rows, query, 20));
    }),
  ];
  return { db, calls, handlers, last: (method: string, path: RegExp) => [...calls].reverse().find((c) => c.method === method && path.test(c.path)) };
}
