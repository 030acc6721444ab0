import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { TAGLINE, routes } from '@swapstuff/contracts';
import { AppLink } from './AppLink';
import './auth-layout.css';

/** The Swapstuff mark: two arrows passing each other, the swap. */
export function Logo() {
  return (
    <AppLink to={routes.home} className="ss-auth__logo" aria-label="Swapstuff home">
      <span className="ss-auth__logo-mark" aria-hidden="true">
        ⇄
      </span>
      Swapstuff
    </AppLink>
  );
}

/**
 * Spec section 2, auth layout: the form on the left, the slogan panel on the right.
 * Renders its children, or the matched child route when used as a layout route.
 */
export function AuthLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="ss-auth">
      <main className="ss-auth__form">
        <div className="ss-auth__form-inner">{children ?? <Outlet />}</div>
      </main>
      <aside className="ss-auth__slogan" aria-label="Swapstuff">
        <Logo />
        <p className="ss-auth__tagline">{TAGLINE}</p>
        <p className="ss-auth__sub">Sell what you no longer need, or swap it for something you do.</p>
      </aside>
    </div>
  );
}
