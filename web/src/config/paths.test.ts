import { describe, expect, it } from 'vitest';
import { decideAccess, homeForGroups, paths } from './paths';

const visitor = { token: null, groups: [] };
const as = (g: number) => ({ token: 't', groups: [g] });

describe('route table', () => {
  it('declares every route of both spec parts', () => {
    const declared = Object.values(paths).map((p) => p.path);
    for (const path of [
      '/', '/index', '/resto', '/cliente', '/recuperar-contrasena/:uid/:token', '/preguntas-frecuentes',
      '/legales/condicionesresto', '/legales/politicasresto', '/legales/condicionesmobile', '/legales/politicasmobile',
      '/restaurante', '/crear-restaurante', '/editar-restaurante', '/menu', '/menu-group', '/lista-de-platos', '/dish',
      '/croquis-restaurante', '/Crear-horario', '/administrador', '/profile', '/403', '/500', '*',
      '/pago/fail', '/pago/pending', '/pago/success',
      '/ordenes', '/delivery', '/qr-restaurante', '/operador-restaurante', '/estadisticas', '/restaurante/mercadopago',
      '/restaurante/mercadopago-balance', '/restaurante/autorizacion', '/restaurante/autorizacion-ahora-no',
      '/restaurantList', '/pagos-en-efectivo', '/dashboard', '/user-list', '/menus',
    ]) {
      expect(declared).toContain(path);
    }
  });

  it('sends a visitor on a protected route to /', () => {
    expect(decideAccess(paths.menu.access, visitor)).toBe('to-home');
    expect(decideAccess(paths.profile.access, visitor)).toBe('to-home');
    expect(decideAccess(paths.administrador.access, visitor)).toBe('to-home');
  });

  it('sends a logged-in user of the wrong group to /403', () => {
    expect(decideAccess(paths.administrador.access, as(2))).toBe('to-403');
    expect(decideAccess(paths.operadores.access, as(4))).toBe('to-403');
    expect(decideAccess(paths.menu.access, as(3))).toBe('to-403');
    expect(decideAccess(paths.restaurante.access, as(1))).toBe('to-403');
  });

  it('lets each group in where the spec says', () => {
    expect(decideAccess(paths.menu.access, as(2))).toBe('allow');
    expect(decideAccess(paths.menu.access, as(4))).toBe('allow');
    expect(decideAccess(paths.ordenes.access, as(4))).toBe('allow');
    expect(decideAccess(paths.balance.access, as(4))).toBe('allow');
    expect(decideAccess(paths.estadisticas.access, as(2))).toBe('allow');
    expect(decideAccess(paths.dashboard.access, as(1))).toBe('allow');
    expect(decideAccess(paths.profile.access, as(3))).toBe('allow');
    expect(decideAccess(paths.listaDePlatos.access, as(3))).toBe('allow');
    expect(decideAccess(paths.faq.access, visitor)).toBe('allow');
    expect(decideAccess(paths.menus.access, visitor)).toBe('allow');
  });

  it('homes each group: 1 /administrador, 2 /restaurante, 3 /profile, 4 /ordenes', () => {
    expect(homeForGroups([1])).toBe('/administrador');
    expect(homeForGroups([2])).toBe('/restaurante');
    expect(homeForGroups([3])).toBe('/profile');
    expect(homeForGroups([4])).toBe('/ordenes');
    expect(homeForGroups([])).toBe('/');
  });
});
