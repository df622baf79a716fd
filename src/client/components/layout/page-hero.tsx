import type { ReactNode } from 'react';

/** The band under the header of a public page: its icon, its heading, a sentence, and links to its neighbours. */
export function PageHero({ icon, title, lead, links }: { icon: ReactNode; title: string; lead: ReactNode; links?: ReactNode }) {
  return (
    <div className="pitch-lines border-b border-border">
      <div className="mx-auto max-w-4xl px-4 py-12 text-center">
        <span className="mx-auto mb-3 block size-10 text-gold [&>svg]:size-10" aria-hidden="true">
          {icon}
        </span>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
        <p className="mt-2 text-muted">{lead}</p>
        {links ? <p className="mt-3 text-sm">{links}</p> : null}
      </div>
    </div>
  );
}
