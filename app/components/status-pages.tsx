import { Link } from "@remix-run/react";

/** The not-found page: any unknown route and any 404 (with a 'Go home' link). */
export function NotFound() {
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">Page not found</h1>
      <p className="mt-2 text-stone-600">We could not find the page you were looking for.</p>
      <Link to="/" className="btn-primary mt-6">
        Go home
      </Link>
    </section>
  );
}

/** What a signed-in non-admin sees on an admin page (403). */
export function NoAccess() {
  return (
    <section className="container-page py-16 text-center">
      <h1 className="text-2xl font-bold">You do not have access to this page</h1>
      <p className="mt-2 text-stone-600">This area is for Akoko administrators only.</p>
      <Link to="/" className="btn-primary mt-6">
        Go home
      </Link>
    </section>
  );
}

/** A signed-in page that could not load: its title, what went wrong, and a full reload back to the portfolio. */
export function PortfolioPageError({ title, message }: { title: string; message: string }) {
  return (
    <section className="container-page py-12">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-800" role="alert">
        {message}
      </p>
      <Link to="/portfolio" reloadDocument className="btn-primary mt-6">
        Back to your portfolio
      </Link>
    </section>
  );
}
