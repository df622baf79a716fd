import { zodResolver } from '@hookform/resolvers/zod';
import { ClipboardList, Loader2, Megaphone, UserRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { Link } from 'wouter';
import { APPLICATION_REVIEW_DAYS, MIN_MOTIVATION_LENGTH } from '../../../../shared/limits.ts';
import { PLATFORMS, PLATFORM_INFO, type Platform } from '../../../../shared/platforms.ts';
import { APPLICATION_MESSAGES, ZApplicationInput, type TApplication, type TApplicationInput } from '../../../../shared/schemas/applications.ts';
import { PublicLayout } from '../../../components/layout/public-layout.tsx';
import { Button, buttonVariants } from '../../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field, FieldError } from '../../../components/ui/field.tsx';
import { Input, Textarea } from '../../../components/ui/input.tsx';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { notify } from '../../../lib/toast.ts';
import { useSubmitApplication } from '../api/submit-application.ts';
import { ApplicationSubmitted } from '../components/application-submitted.tsx';

type FormValues = TApplicationInput;
type FieldName = keyof FormValues & string;

const baseResolver = zodResolver(ZApplicationInput);

/**
 * The shared schema checks each platform URL with its field, but that a ticked
 * platform has one only once every field is valid; the form checks that in the
 * same pass, with the same message, so all problems show at once.
 */
const resolver: Resolver<FormValues, unknown, TApplication> = async (values, context, options) => {
  const result = await baseResolver(values, context, options);
  if (Object.keys(result.errors).length === 0) return result;
  const errors: FieldErrors<FormValues> = { ...result.errors };
  const selected = Array.isArray(values.socialMediaPlatforms) ? values.socialMediaPlatforms : [];
  for (const platform of PLATFORMS) {
    const info = PLATFORM_INFO[platform];
    if (errors[info.field]) continue;
    const raw = (values[info.field] ?? '').trim();
    if (selected.includes(platform) && !raw) errors[info.field] = { type: 'custom', message: APPLICATION_MESSAGES.platformUrlsRequired };
  }
  return { values: {}, errors };
};

const DEFAULTS: FormValues = {
  fullName: '',
  email: '',
  country: '',
  personalTelegramHandle: '',
  socialMediaPlatforms: [],
  twitterHandle: '',
  instagramHandle: '',
  telegramHandle: '',
  facebookHandle: '',
  youtubeHandle: '',
  totalFollowers: '',
  whyJoin: '',
  experience: '',
};

export function ApplyPage() {
  const [submitted, setSubmitted] = useState(false);
  const mutation = useSubmitApplication();
  const form = useForm<FormValues, unknown, TApplication>({ resolver, defaultValues: DEFAULTS, mode: 'onTouched' });
  const { register, handleSubmit, control, formState, watch, setValue, setError } = form;
  const errors = formState.errors;
  const selected = watch('socialMediaPlatforms') ?? [];
  const whyJoinLength = (watch('whyJoin') ?? '').trim().length;
  const experienceLength = (watch('experience') ?? '').trim().length;

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => {
        setSubmitted(true);
        window.scrollTo(0, 0);
        notify.success('Application Submitted!', "We'll review your application and get back to you soon.");
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const fieldError of error.fieldErrors) {
            if (fieldError.path in DEFAULTS) setError(fieldError.path as FieldName, { type: 'server', message: fieldError.message });
          }
        }
        notify.error('Error', errorMessage(error));
      },
    });
  });

  if (submitted) {
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
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Ambassador Application</h1>
          <p className="mt-2 text-muted">Tell us about yourself. Our team reviews every application within {APPLICATION_REVIEW_DAYS} business days.</p>
        </header>
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6" aria-label="Ambassador Application">
          <FormSection icon={<UserRound aria-hidden="true" />} title="Personal Information" description="How we reach you.">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Full Name" required error={errors.fullName?.message}>
                <Input autoComplete="name" placeholder="Jane Doe" {...register('fullName')} />
              </Field>
              <Field label="Email" required error={errors.email?.message}>
                <Input type="email" autoComplete="email" placeholder="you@example.com" {...register('email')} />
              </Field>
              <Field label="Country" required error={errors.country?.message}>
                <Input autoComplete="country-name" placeholder="Nigeria" {...register('country')} />
              </Field>
              <Field
                label="Personal Telegram Username"
                required
                hint="We invite ambassadors to the private group with it."
                error={errors.personalTelegramHandle?.message}
              >
                <Input placeholder="@username" {...register('personalTelegramHandle')} />
              </Field>
            </div>
          </FormSection>

          <FormSection
            icon={<Megaphone aria-hidden="true" />}
            title="Social Media Presence"
            description="Tick the platforms you are active on and give your profile link for each."
          >
            <fieldset className="flex flex-col gap-3" aria-describedby={errors.socialMediaPlatforms ? 'platforms-error' : undefined}>
              <legend className="mb-2 text-sm font-medium">
                Social Media Platforms{' '}
                <span className="text-gold" aria-hidden="true">
                  *
                </span>
              </legend>
              <Controller
                control={control}
                name="socialMediaPlatforms"
                render={() => (
                  <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
                    {PLATFORMS.map((platform) => {
                      const id = `platform-${platform}`;
                      const checked = selected.includes(platform);
                      return (
                        <label
                          key={platform}
                          htmlFor={id}
                          className="flex cursor-pointer items-center gap-2.5 rounded-lg border border-border bg-background/40 px-3 py-2.5 text-sm has-[[data-state=checked]]:border-gold/60 has-[[data-state=checked]]:bg-gold/5"
                        >
                          <Checkbox id={id} checked={checked} onCheckedChange={(value) => togglePlatform(platform, value === true)} />
                          {PLATFORM_INFO[platform].label}
                        </label>
                      );
                    })}
                  </div>
                )}
              />
              {errors.socialMediaPlatforms ? <FieldError id="platforms-error">{errors.socialMediaPlatforms.message}</FieldError> : null}
            </fieldset>
            {selected.length > 0 ? (
              <div className="mt-5 grid gap-4 sm:grid-cols-2">
                {PLATFORMS.filter((p) => selected.includes(p)).map((platform) => {
                  const info = PLATFORM_INFO[platform];
                  return (
                    <Field key={platform} label={`${info.label} Profile URL`} required error={errors[info.field]?.message}>
                      <Input type="url" inputMode="url" placeholder={info.placeholder} {...register(info.field)} />
                    </Field>
                  );
                })}
              </div>
            ) : null}
            <div className="mt-5 sm:max-w-xs">
              <Field label="Total Followers" required hint="Across all the platforms above." error={errors.totalFollowers?.message}>
                <Input type="number" inputMode="numeric" min={0} step={1} placeholder="5000" {...register('totalFollowers')} />
              </Field>
            </div>
          </FormSection>

          <FormSection
            icon={<ClipboardList aria-hidden="true" />}
            title="Experience & Motivation"
            description={`At least ${MIN_MOTIVATION_LENGTH} characters each.`}
          >
            <div className="flex flex-col gap-4">
              <Field
                label="Why do you want to join?"
                required
                hint={`${whyJoinLength}/${MIN_MOTIVATION_LENGTH} characters minimum`}
                error={errors.whyJoin?.message}
              >
                <Textarea rows={5} placeholder="What draws you to GoalChain and what would you bring to the community?" {...register('whyJoin')} />
              </Field>
              <Field
                label="Relevant experience"
                required
                hint={`${experienceLength}/${MIN_MOTIVATION_LENGTH} characters minimum`}
                error={errors.experience?.message}
              >
                <Textarea
                  rows={5}
                  placeholder="Community management, content creation, crypto or gaming projects you have promoted..."
                  {...register('experience')}
                />
              </Field>
            </div>
          </FormSection>

          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Link href="/" className={buttonVariants({ variant: 'outline', size: 'lg' })}>
              Cancel
            </Link>
            <Button type="submit" size="lg" disabled={mutation.isPending}>
              {mutation.isPending ? (
                <>
                  <Loader2 className="animate-spin" aria-hidden="true" /> Submitting...
                </>
              ) : (
                'Submit'
              )}
            </Button>
          </div>
        </form>
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
