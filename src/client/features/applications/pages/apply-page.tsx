import { Trans, useLingui } from '@lingui/react/macro';
import { ClipboardList, Megaphone, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { APPLICATION_REVIEW_DAYS, MIN_MOTIVATION_LENGTH } from '../../../../shared/limits.ts';
import { PLATFORMS, PLATFORM_INFO, type Platform } from '../../../../shared/platforms.ts';
import { BLANK_APPLICATION, type TApplication } from '../../../../shared/schemas/applications.ts';
import { applicationResolver } from '../application-resolver.ts';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Form, FormField, FormFieldset, showServerErrors } from '../../../components/ui/form.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { errorMessage } from '../../../lib/api.ts';
import { useConfirmationSwap } from '../../../lib/page-focus.ts';
import { notify } from '../../../lib/toast.ts';
import { useSubmitApplication } from '../api/submit-application.ts';
import { ApplicationSubmitted } from '../components/application-submitted.tsx';

export function ApplyPage() {
  const { t, i18n } = useLingui();
  // Read as it validates: the language menu switches the page without a reload.
  const submitted = useConfirmationSwap();
  const mutation = useSubmitApplication();
  // The shared schema, in the variant that checks the ticked platforms' URLs along with every other field.
  const form = useForm({ resolver: applicationResolver(() => i18n.locale), defaultValues: BLANK_APPLICATION, mode: 'onTouched' });
  const { watch, setValue, formState } = form;
  const selected = watch('socialMediaPlatforms') ?? [];
  const whyJoinLength = (watch('whyJoin') ?? '').trim().length;
  const experienceLength = (watch('experience') ?? '').trim().length;
  const reviewDays = APPLICATION_REVIEW_DAYS;
  const minimum = MIN_MOTIVATION_LENGTH;

  const submit = (values: TApplication) => {
    mutation.mutate(values, {
      onSuccess: () => {
        submitted.confirm();
        notify.success(t`Application Submitted!`, t`We'll review your application and get back to you soon.`);
      },
      onError: (error) => {
        showServerErrors(form, error);
        notify.error(t`Error`, errorMessage(error));
      },
    });
  };

  if (submitted.confirmed) {
    return (
      <PublicLayout>
        <div className="px-4 py-12">
          <ApplicationSubmitted />
        </div>
      </PublicLayout>
    );
  }

  const togglePlatform = (platform: Platform, checked: boolean) => {
    const next = checked ? [...selected.filter((p) => p !== platform), platform] : selected.filter((p) => p !== platform);
    setValue(
      'socialMediaPlatforms',
      PLATFORMS.filter((p) => next.includes(p)),
      { shouldValidate: formState.isSubmitted, shouldDirty: true },
    );
    // A hidden URL field is neither sent nor checked.
    if (!checked) setValue(PLATFORM_INFO[platform].field, '', { shouldValidate: formState.isSubmitted });
  };

  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        <header className="mb-8 text-center">
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">
            <Trans>Ambassador Application</Trans>
          </h1>
          <p className="mt-2 text-muted">
            <Trans>Tell us about yourself. Our team reviews every application within {reviewDays} business days.</Trans>
          </p>
        </header>
        <Form form={form} onSubmit={submit} className="flex flex-col gap-6" aria-label={t`Ambassador Application`}>
          <FormSection icon={<UserRound aria-hidden="true" />} title={t`Personal Information`} description={t`How we reach you.`}>
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField name="fullName" label={t`Full Name`} required>
                <Input autoComplete="name" placeholder={t`Jane Doe`} />
              </FormField>
              <FormField name="email" label={t`Email`} required>
                <Input type="email" autoComplete="email" placeholder="you@example.com" />
              </FormField>
              <FormField name="country" label={t`Country`} required>
                <Input autoComplete="country-name" placeholder={t`Nigeria`} />
              </FormField>
              <FormField
                name="personalTelegramHandle"
                label={t`Personal Telegram Username`}
                required
                hint={t`We invite ambassadors to the private group with it.`}
              >
                <Input placeholder="@username" />
              </FormField>
            </div>
          </FormSection>

          <FormSection
            icon={<Megaphone aria-hidden="true" />}
            title={t`Social Media Presence`}
            description={t`Tick the platforms you are active on and give your profile link for each.`}
          >
            <FormFieldset name="socialMediaPlatforms" legend={t`Social Media Platforms`} required>
              <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                {PLATFORMS.map((platform) => {
                  const id = `platform-${platform}`;
                  return (
                    <label
                      key={platform}
                      htmlFor={id}
                      className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-border bg-background/40 px-3 py-2.5 text-sm has-[[data-state=checked]]:border-gold/60 has-[[data-state=checked]]:bg-gold/5"
                    >
                      <Checkbox id={id} checked={selected.includes(platform)} onCheckedChange={(value) => togglePlatform(platform, value === true)} />
                      {PLATFORM_INFO[platform].label}
                    </label>
                  );
                })}
              </div>
            </FormFieldset>
            {selected.length > 0 ? (
              <div className="mt-5 grid gap-4 sm:grid-cols-2">
                {PLATFORMS.filter((p) => selected.includes(p)).map((platform) => {
                  const info = PLATFORM_INFO[platform];
                  const platformName = info.label;
                  return (
                    <FormField key={platform} name={info.field} label={t`${platformName} Profile URL`} required>
                      <Input type="url" inputMode="url" placeholder={info.placeholder} />
                    </FormField>
                  );
                })}
              </div>
            ) : null}
            <div className="mt-5 sm:max-w-xs">
              <FormField name="totalFollowers" label={t`Total Followers`} required hint={t`Across all the platforms above.`}>
                <Input type="text" inputMode="numeric" autoComplete="off" placeholder="5000" />
              </FormField>
            </div>
          </FormSection>

          <FormSection icon={<ClipboardList aria-hidden="true" />} title={t`Experience & Motivation`} description={t`At least ${minimum} characters each.`}>
            <div className="flex flex-col gap-4">
              <FormField name="whyJoin" label={t`Why do you want to join?`} required hint={t`${whyJoinLength}/${minimum} characters minimum`}>
                <Textarea rows={5} placeholder={t`What draws you to GoalChain and what would you bring to the community?`} />
              </FormField>
              <FormField name="experience" label={t`Relevant experience`} required hint={t`${experienceLength}/${minimum} characters minimum`}>
                <Textarea rows={5} placeholder={t`Community management, content creation, crypto or gaming projects you have promoted...`} />
              </FormField>
            </div>
          </FormSection>

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link href="/" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              <Trans>Cancel</Trans>
            </Link>
            <Button type="submit" size="lg" loading={mutation.isPending}>
              {mutation.isPending ? t`Submitting...` : t`Submit`}
            </Button>
          </div>
        </Form>
      </div>
    </PublicLayout>
  );
}

function FormSection({ icon, title, description, children }: { icon: ReactNode; title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex items-center gap-3">
          <span className="rounded-lg bg-gold/10 p-2 text-gold [&_svg]:size-5">{icon}</span>
          <div>
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
        </div>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
