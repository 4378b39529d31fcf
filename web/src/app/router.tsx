import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths, type PathKey } from '@/config/paths';
import { AppLayout } from './layouts/app-layout';
import { RouteGuard } from '@/components/route-guard';
import { ErrorPage } from '@/components/error-page';
import type { RouteHandle } from '@/components/page-meta';
import { WithQuery } from '@/components/with-query';
import { HomeRoute } from './routes/home';
import { loadableFirst } from './loadable-first';

type Page = LazyExoticComponent<ComponentType> | ComponentType;

// Route-level code splitting: every page is its own chunk.
const Landing = lazy(() => import('@/features/landing/landing-page'));
const Resto = lazy(() => import('@/features/landing/resto-page'));
const Cliente = lazy(() => import('@/features/auth/components/cliente-page'));
const ResetPassword = lazy(() => import('@/features/auth/components/reset-password-page'));
const SocialCallback = lazy(() => import('@/features/auth/components/social-callback-page'));
const Faq = lazy(() => import('@/features/faq/faq-page'));
const Legal = lazy(() => import('@/features/legal/legal-page'));
const RestaurantList = lazy(() => import('@/features/restaurants/components/restaurant-list-page'));
const CreateRestaurant = lazy(() => import('@/features/restaurants/components/create-restaurant-page'));
const RestaurantProfile = lazy(() => import('@/features/restaurants/components/restaurant-profile-page'));
const Schedule = lazy(() => import('@/features/restaurants/components/schedule-page'));
const Operators = lazy(() => import('@/features/operators/components/operators-page'));
const ClientProfile = lazy(() => import('@/features/profile/components/profile-page'));
const UserList = lazy(() => import('@/features/admin/components/user-list-page'));
const AdminRestaurants = lazy(() => import('@/features/admin/components/restaurant-list-page'));
const Dashboard = lazy(() => import('@/features/admin/components/dashboard-page'));
const Admin = lazy(() => import('@/features/admin/admin-page'));
const PaymentResult = lazy(() => import('@/features/payments/payment-result'));
const MenuEditor = lazy(() => import('@/features/catalog/menu-editor/menu-editor-page'));
const DishList = lazy(() => import('@/features/catalog/dishes/dish-list-page'));
const Orders = lazy(() => import('@/features/orders/components/orders-page'));
const DinerMenu = loadableFirst(() => import('@/features/diner/components/diner-menu-page'));
const Tracking = loadableFirst(() => import('@/features/diner/tracking/tracking-page'));
const Delivery = lazy(() => import('@/features/delivery/components/delivery-page'));
const MenuGroups = lazy(() => import('@/features/catalog/menu-groups/menu-groups-page'));
const DishCreate = lazy(() => import('@/features/catalog/dish-create/dish-create-page'));
const Sketch = lazy(() => import('@/features/floor/sketch/sketch-page'));
const Qr = lazy(() => import('@/features/floor/qr/qr-page'));
const Balance = lazy(() => import('@/features/balance/components/balance-page'));
const Statistics = lazy(() => import('@/features/statistics/components/statistics-page'));
const FeeTable = lazy(() => import('@/features/admin/components/fee-table-page'));
const MercadoPago = lazy(() => import('@/features/marketplace/components/mercadopago-page'));
const Authorization = lazy(() => import('@/features/marketplace/components/authorization-page'));
const AuthorizationNotNow = lazy(() => import('@/features/marketplace/components/not-now-page'));

/** Loads the page at `pathname` before the first render when it is a cold-opened one. */
export function preloadFirstScreen(pathname: string): Promise<unknown> {
  if (pathname === paths.menus.path) return DinerMenu.preload();
  if (pathname === paths.seguimiento.path) return Tracking.preload();
  return Promise.resolve();
}

/** What each route renders and its title; the path and access rule come from config/paths. */
const PAGES: Record<PathKey, { page: Page; title: string }> = {
  home: { page: () => <HomeRoute landing={Landing} />, title: 'meta.home.title' },
  index: { page: () => <HomeRoute landing={Landing} />, title: 'meta.home.title' },
  resto: { page: () => <HomeRoute landing={Resto} />, title: 'meta.resto.title' },
  cliente: { page: Cliente, title: 'meta.cliente.title' },
  resetPassword: { page: ResetPassword, title: 'auth.reset.title' },
  faq: { page: Faq, title: 'nav.faq' },
  legalTermsResto: { page: () => <Legal doc="termsResto" />, title: 'meta.legal.termsResto' },
  legalPrivacyResto: { page: () => <Legal doc="privacyResto" />, title: 'meta.legal.privacyResto' },
  legalTermsMobile: { page: () => <Legal doc="termsMobile" />, title: 'meta.legal.termsMobile' },
  legalPrivacyMobile: { page: () => <Legal doc="privacyMobile" />, title: 'meta.legal.privacyMobile' },
  restaurante: { page: RestaurantList, title: 'page.restaurante.title' },
  crearRestaurante: { page: CreateRestaurant, title: 'page.crearRestaurante.title' },
  editarRestaurante: { page: RestaurantProfile, title: 'page.editarRestaurante.title' },
  menu: { page: MenuEditor, title: 'page.menu.title' },
  menuGroup: { page: MenuGroups, title: 'page.menuGroup.title' },
  listaDePlatos: { page: DishList, title: 'page.listaDePlatos.title' },
  dish: { page: DishCreate, title: 'page.dish.title' },
  croquis: { page: Sketch, title: 'page.croquis.title' },
  crearHorario: { page: Schedule, title: 'page.crearHorario.title' },
  administrador: { page: Admin, title: 'page.administrador.title' },
  profile: { page: ClientProfile, title: 'page.profile.title' },
  forbidden: { page: () => <ErrorPage code={403} />, title: 'meta.403.title' },
  serverError: { page: () => <ErrorPage code={500} />, title: 'meta.500.title' },
  pagoFail: { page: () => <PaymentResult result="fail" />, title: 'payment.fail.title' },
  pagoPending: { page: () => <PaymentResult result="pending" />, title: 'payment.pending.title' },
  pagoSuccess: { page: () => <PaymentResult result="success" />, title: 'payment.success.title' },
  socialCallback: { page: SocialCallback, title: 'auth.social.title' },
  ordenes: { page: Orders, title: 'page.ordenes.title' },
  delivery: { page: Delivery, title: 'page.delivery.title' },
  qr: { page: Qr, title: 'page.qr.title' },
  operadores: { page: Operators, title: 'page.operadores.title' },
  estadisticas: { page: Statistics, title: 'page.estadisticas.title' },
  mercadopago: { page: MercadoPago, title: 'page.mercadopago.title' },
  balance: { page: Balance, title: 'page.balance.title' },
  autorizacion: { page: Authorization, title: 'page.autorizacion.title' },
  autorizacionAhoraNo: { page: AuthorizationNotNow, title: 'page.autorizacionAhoraNo.title' },
  restaurantList: { page: AdminRestaurants, title: 'page.restaurantList.title' },
  pagosEnEfectivo: { page: FeeTable, title: 'page.pagosEnEfectivo.title' },
  dashboard: { page: Dashboard, title: 'page.dashboard.title' },
  userList: { page: UserList, title: 'page.userList.title' },
  menus: { page: DinerMenu, title: 'page.menus.title' },
  seguimiento: { page: Tracking, title: 'page.seguimiento.title' },
  notFound: { page: () => <ErrorPage code={404} />, title: 'meta.404.title' },
};

/** The route objects (shared by the browser router and the tests' memory routers). */
export function createRoutes(): RouteObject[] {
  const children: RouteObject[] = (Object.keys(paths) as PathKey[]).map((key) => {
    const { path, access } = paths[key];
    const { page: Page, title } = PAGES[key];
    const handle: RouteHandle = { title };
    // the landing page fetches nothing and the order's tracking page reads one order without
    // react-query: neither downloads it. The diner's menu mounts the one QueryClient itself, to
    // render in the first frame with what was read before it (loadableFirst). A phone opening
    // /menus cold gets app/diner-app.tsx instead (menus.html), without this data router.
    const page = key === 'home' || key === 'index' || key === 'menus' || key === 'seguimiento' ? <Page /> : <WithQuery><Page /></WithQuery>;
    return { path, handle, element: <RouteGuard access={access}>{page}</RouteGuard> };
  });
  return [{ element: <AppLayout />, errorElement: <ErrorPage code={500} />, children }];
}

export const createAppRouter = () => createBrowserRouter(createRoutes());
