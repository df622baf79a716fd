import { Link } from 'wouter';

export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#0f3a2c" stroke="#f5c542" strokeOpacity="0.4" />
      <circle cx="32" cy="32" r="18" fill="none" stroke="#f5c542" strokeWidth="4" />
      <path d="M32 20l8 6-3 10h-10l-3-10z" fill="#f5c542" />
    </svg>
  );
}

export function Logo() {
  return (
    // Its name is the brand, in every language; on a narrow screen only the mark shows, and the name is still read out.
    <Link href="/" className="flex items-center gap-2.5 rounded-lg font-extrabold tracking-tight">
      <LogoMark />
      <span className="sr-only text-lg leading-none min-[420px]:not-sr-only min-[420px]:inline">
        Goal<span className="text-gold">Chain</span> <span className="block text-[10px] font-semibold uppercase tracking-[0.2em] text-muted">Ambassadors</span>
      </span>
    </Link>
  );
}
