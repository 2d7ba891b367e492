/** The chick icon: inline SVG, no image request. */
export function ChickIcon({ className = "h-7 w-7" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <circle cx="16" cy="18" r="11" fill="#facc15" />
      <circle cx="20" cy="11" r="7" fill="#fde047" />
      <circle cx="22" cy="10" r="1.4" fill="#1c1917" />
      <path d="M27 11.5 31 13l-4 1.5z" fill="#ea580c" />
      <path d="M9 19c2 3 6 4 9 2" stroke="#ca8a04" strokeWidth="1.6" fill="none" strokeLinecap="round" />
      <path d="M13 29v2M19 29v2" stroke="#ea580c" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

export const PRODUCT_NAME = "Akoko";
