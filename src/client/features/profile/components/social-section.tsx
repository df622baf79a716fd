import { Trans, useLingui } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { ExternalLink, Share2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PLATFORMS, PLATFORM_INFO, profileLink, type Platform } from '../../../../shared/platforms.ts';
import { ZProfileSocialForm, type TOwnAmbassador } from '../../../../shared/schemas/ambassadors.ts';
import { useAmbassadorEditor } from '../../../api/ambassador.ts';
import { profileSavedToasts } from './profile-saved.ts';
import { Form, FormField } from '../../../components/ui/form.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { EditButtons, SectionCard, type EditState } from './section-card.tsx';

const SOCIAL_PLATFORMS: Platform[] = ['twitter', 'instagram', 'telegram', 'facebook'];

export function SocialSection({ ambassador, mode, setMode }: EditState & { ambassador: TOwnAmbassador }) {
  const { t, i18n } = useLingui();
  const editing = mode === 'social';
  const form = useForm({
    resolver: zodResolver(ZProfileSocialForm),
    values: {
      twitterHandle: ambassador.twitterHandle ?? '',
      instagramHandle: ambassador.instagramHandle ?? '',
      telegramHandle: ambassador.telegramHandle ?? '',
      facebookHandle: ambassador.facebookHandle ?? '',
    },
  });
  const editor = useAmbassadorEditor(form, {
    ...profileSavedToasts(i18n),
    then: () => setMode('none'),
  });
  const links = PLATFORMS.map((platform) => ({
    platform,
    handle: ambassador[PLATFORM_INFO[platform].field],
    href: profileLink(ambassador[PLATFORM_INFO[platform].field], platform),
  })).filter((l) => l.handle);

  return (
    <SectionCard
      icon={<Share2 />}
      title={t`Social Media Profiles`}
      editing={editing}
      onEdit={() => setMode('social')}
      editLabel={t`Edit social media profiles`}
    >
      {editing ? (
        <Form
          form={form}
          onSubmit={(changes: z.output<typeof ZProfileSocialForm>) => editor.save(changes)}
          className="flex flex-col gap-4"
          aria-label={t`Edit social media profiles`}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            {SOCIAL_PLATFORMS.map((platform) => {
              const info = PLATFORM_INFO[platform];
              return (
                <FormField key={platform} name={info.field} label={info.label}>
                  <Input placeholder={info.placeholder} inputMode="url" />
                </FormField>
              );
            })}
          </div>
          <EditButtons pending={editor.pending} onCancel={() => setMode('none')} />
        </Form>
      ) : links.length === 0 ? (
        <p className="text-sm text-muted">
          <Trans>No social media profiles added yet</Trans>
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {links.map(({ platform, handle, href }) => (
            <li key={platform} className="flex min-w-0 items-center justify-between gap-2 rounded-lg border border-border px-3 py-2 text-sm">
              <span className="font-medium">{PLATFORM_INFO[platform].label}</span>
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex min-w-0 items-center gap-1 text-gold hover:underline">
                  <span className="truncate">{handle}</span>
                  <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
                </a>
              ) : (
                <span className="truncate text-muted">{handle}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
