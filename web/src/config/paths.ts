/**
 * The one route table: every path of both spec parts with its access rule.
 * Pages import `paths.x.path` / `paths.x.href(...)`; guards read `access`.
 *
 * Groups: 1 admin, 2 owner, 3 client, 4 operator.
 */
export const GROUP = { admin: 1, owner: 2, client: 3, operator: 4 } as const;
export type GroupId = (typeof GROUP)[keyof typeof GROUP];

/** 'public': anyone; 'auth': any logged-in user; a list: logged-in users of those groups. */
export type Access = 'public' | 'auth' | readonly GroupId[];

type RouteDef = { path: string; access: Access; href?: (...args: never[]) => string };

const { admin, owner, operator } = GROUP;
const OWNER = [owner] as const;
const STAFF = [owner, operator] as const;
const ADMIN = [admin] as const;

export const paths = {
  // spec part 1
  home: { path: '/', access: 'public' },
  index: { path: '/index', access: 'public' },
  resto: { path: '/resto', access: 'public' },
  cliente: { path: '/cliente', access: 'public' },
  // the link in identity's reset e-mail
  resetPassword: { path: '/recuperar-contrasena/:uid/:token', access: 'public' },
  faq: {
    path: '/preguntas-frecuentes',
    access: 'public',
    href: (toPrice?: boolean) => (toPrice ? '/preguntas-frecuentes?toPrice=1' : '/preguntas-frecuentes'),
  },
  legalTermsResto: { path: '/legales/condicionesresto', access: 'public' },
  legalPrivacyResto: { path: '/legales/politicasresto', access: 'public' },
  legalTermsMobile: { path: '/legales/condicionesmobile', access: 'public' },
  legalPrivacyMobile: { path: '/legales/politicasmobile', access: 'public' },
  restaurante: { path: '/restaurante', access: OWNER },
  crearRestaurante: { path: '/crear-restaurante', access: OWNER },
  editarRestaurante: { path: '/editar-restaurante', access: OWNER },
  menu: { path: '/menu', access: STAFF },
  menuGroup: { path: '/menu-group', access: 'auth' },
  listaDePlatos: {
    path: '/lista-de-platos',
    access: 'auth',
    href: (menu?: number) => (menu ? `/lista-de-platos?menu=${menu}` : '/lista-de-platos'),
  },
  dish: { path: '/dish', access: OWNER },
  croquis: { path: '/croquis-restaurante', access: STAFF },
  crearHorario: { path: '/Crear-horario', access: OWNER },
  administrador: { path: '/administrador', access: ADMIN },
  profile: { path: '/profile', access: 'auth' },
  forbidden: { path: '/403', access: 'auth' },
  serverError: { path: '/500', access: 'public' },
  pagoFail: { path: '/pago/fail', access: 'public' },
  pagoPending: { path: '/pago/pending', access: 'public' },
  pagoSuccess: { path: '/pago/success', access: 'public' },
  socialCallback: {
    path: '/login/social/:provider/callback',
    access: 'public',
    href: (provider: SocialProvider) => `/login/social/${provider}/callback`,
  },
  // spec part 2
  ordenes: { path: '/ordenes', access: STAFF },
  delivery: { path: '/delivery', access: STAFF },
  qr: { path: '/qr-restaurante', access: STAFF },
  operadores: { path: '/operador-restaurante', access: OWNER },
  estadisticas: { path: '/estadisticas', access: OWNER },
  mercadopago: { path: '/restaurante/mercadopago', access: OWNER },
  balance: { path: '/restaurante/mercadopago-balance', access: STAFF },
  // the marketplace sends the owner back here (billing's redirect URI)
  autorizacion: { path: '/restaurante/autorizacion', access: OWNER },
  autorizacionAhoraNo: { path: '/restaurante/autorizacion-ahora-no', access: OWNER },
  restaurantList: { path: '/restaurantList', access: ADMIN },
  pagosEnEfectivo: { path: '/pagos-en-efectivo', access: ADMIN },
  dashboard: { path: '/dashboard', access: ADMIN },
  userList: { path: '/user-list', access: ADMIN },
  menus: { path: '/menus', access: 'public' },
  // issue 20: a delivery or take-away diner's order, from the link in their WhatsApp message
  seguimiento: { path: '/seguimiento', access: 'public', href: (token: string) => `/seguimiento?t=${encodeURIComponent(token)}` },
  notFound: { path: '*', access: 'public' },
} as const satisfies Record<string, RouteDef>;

export type PathKey = keyof typeof paths;
export type SocialProvider = 'google-oauth2' | 'facebook';

/** Where a logged-in user lands, by group (spec part 1 §2 'Access redirects'). */
export function homeForGroups(groups: readonly number[]): string {
  if (groups.includes(GROUP.admin)) return paths.administrador.path;
  if (groups.includes(GROUP.owner)) return paths.restaurante.path;
  if (groups.includes(GROUP.operator)) return paths.ordenes.path;
  if (groups.includes(GROUP.client)) return paths.profile.path;
  return paths.home.path;
}

export type AccessDecision = 'allow' | 'to-home' | 'to-403';

/** Visitor on a protected route → '/', wrong group → '/403'. */
export function decideAccess(access: Access, session: { token: string | null; groups: readonly number[] }): AccessDecision {
  if (access === 'public') return 'allow';
  if (!session.token) return 'to-home';
  if (access === 'auth') return 'allow';
  return session.groups.some((g) => (access as readonly number[]).includes(g)) ? 'allow' : 'to-403';
}
