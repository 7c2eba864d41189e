import { ArrowLeft, LayoutDashboard, Lock } from 'lucide-react';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { Button } from './button.tsx';
import { cn } from './cn.ts';

interface RestrictedPageProps {
  title: string;
  message: string;
  /**
   * Inside a page that has its own h1 (a dashboard tab, a business page's section): the title is an
   * h2 and the box takes less height, so that the page's tabs or sections stay in sight above it.
   */
  embedded?: boolean;
}

/** Shown instead of a page, tab or section the signed-in user may not open (SPEC §2, §6). */
export function RestrictedPage({ title, message, embedded = false }: RestrictedPageProps) {
  const navigate = useNavigate();
  const titleId = useId();
  const goBack = () => {
    // React Router keeps the history index in history.state; with nothing to go back to, go home.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/admin-dashboard', { replace: true });
  };
  const Title = embedded ? 'h2' : 'h1';
  return (
    <div
      className={cn(
        'flex items-center justify-center px-4',
        embedded ? 'min-h-[40dvh] py-8' : 'min-h-[60dvh] py-12',
      )}
    >
      <section
        aria-labelledby={titleId}
        className="w-full max-w-lg rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm"
      >
        <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-50 text-amber-600">
          <Lock className="size-7" aria-hidden="true" />
        </span>
        <Title id={titleId} className="mt-5 text-2xl font-semibold text-slate-900">
          {title}
        </Title>
        <p className="mt-2 text-sm leading-6 text-slate-600">{message}</p>
        <div className="mt-7 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          <Button
            variant="secondary"
            onClick={goBack}
            icon={<ArrowLeft className="size-4" aria-hidden="true" />}
          >
            Volver Atrás
          </Button>
          <Button
            onClick={() => navigate('/admin-dashboard')}
            icon={<LayoutDashboard className="size-4" aria-hidden="true" />}
          >
            Ir al panel principal
          </Button>
        </div>
      </section>
    </div>
  );
}
