import { Outlet } from 'react-router';
import { AppHeader } from './app-header.tsx';

/** Every signed-in page: the header, then the page. */
export function StaffLayout() {
  return (
    <div className="min-h-dvh bg-slate-50">
      <AppHeader />
      <main className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}
