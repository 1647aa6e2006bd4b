import { useId, useState, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import type { Preferences } from '../../../core/types.ts';
import { formatDate } from '../../../core/date-format.ts';
import {
  ACK_TIMEOUT_OPTIONS,
  BLACKOUT_PERIOD_OPTIONS,
  effectiveAudioUrl,
  effectiveBlackoutPeriod,
  effectiveDates,
  effectiveDensity,
  effectiveFont,
  effectiveRefreshInterval,
  effectiveTimeouts,
  FONT_FAMILIES,
  LANGUAGES,
  LONG_DATE_FORMATS,
  MEDIUM_DATE_FORMATS,
  REFRESH_INTERVAL_OPTIONS,
  ROWS_PER_PAGE_OPTIONS,
  SHELVE_TIMEOUT_OPTIONS,
  SHORT_TIME_FORMATS,
  VALUE_WIDTH_OPTIONS,
  type UnitOption,
} from '../../../core/preferences.ts';
import { LOCALE_NAMES } from '../../i18n/index.ts';
import { configAtom } from '../../state/session.ts';
import { prefsAtom } from '../../state/user.ts';
import { useT } from '../../state/i18n.ts';
import { resetPreferences, savePreferences } from '../../data/account.ts';
import { pushNotice } from '../../state/notices.ts';
import { rememberThemeChoice } from '../../hooks/useApplyPreferences.ts';
import { Button } from '../../components/Button.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SelectField } from '../../components/SelectField.tsx';
import { TextField } from '../../components/TextField.tsx';
import { Toggle } from '../../components/Toggle.tsx';
import { unitLabel, withCurrent } from './units.ts';
import { NotificationSettings } from '../../pwa/NotificationSettings.tsx';

const FONT_SIZES = ['11px', '12px', '13px', '14px', '15px', '16px', '18px', '20px'];
const FONT_WEIGHTS = ['300', '400', '500', '600', '700'];
const WEIGHT_NAMES: Record<string, 'WeightLight' | 'WeightNormal' | 'WeightMedium' | 'WeightSemibold' | 'WeightBold'> = {
  '300': 'WeightLight',
  '400': 'WeightNormal',
  '500': 'WeightMedium',
  '600': 'WeightSemibold',
  '700': 'WeightBold',
};
/** A fixed moment for the date format examples, so every format shows the same instant. */
const SAMPLE_TIME = Date.UTC(2024, 0, 15, 14, 5, 9, 123);

/**
 * Saves a change at once, showing it before the API answers (dark theme and font apply immediately); a refused
 * save puts the old value back and says why.
 */
const savePrefs = (patch: Partial<Preferences>) => savePreferences(patch);

async function resetPrefs() {
  if ((await resetPreferences()).ok) rememberThemeChoice(false);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-black/5 dark:bg-gray-900 dark:ring-white/10">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      <div className="divide-y divide-gray-100 dark:divide-gray-800">{children}</div>
    </section>
  );
}

function RadioGroup<V extends string>({ legend, value, options, onChange }: { legend: string; value: V; options: { value: V; label: string }[]; onChange: (v: V) => void }) {
  const name = useId();
  return (
    <fieldset className="py-2">
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      <div className="flex flex-col gap-1">
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input type="radio" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} className="h-4 w-4 accent-brand" />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The sound for new alerts, saved when the field loses focus; config `audio.new` overrides it. */
function AudioField() {
  const { t } = useT();
  const prefs = useAtomValue(prefsAtom);
  const config = useAtomValue(configAtom);
  const [audio, setAudio] = useState(prefs.audioURL);
  return (
    <div className="flex items-end gap-2 py-2">
      <TextField
        className="min-w-0 flex-1"
        label={t('AudioUrl')}
        value={audio}
        type="url"
        disabled={!!config?.audio?.new}
        hint={config?.audio?.new ? t('AudioUrlFromConfig') : undefined}
        onChange={(e) => setAudio(e.target.value)}
        onBlur={() => {
          const next = audio.trim();
          if (next && next !== prefs.audioURL) void savePrefs({ audioURL: next });
          else setAudio(prefs.audioURL);
        }}
      />
      <Button
        icon="volumeUp"
        onClick={() => {
          const url = effectiveAudioUrl({ audioURL: audio.trim() || prefs.audioURL }, config);
          void new Audio(url).play().catch(() => pushNotice({ level: 'error', key: 'AudioFailed', text: 'The sound could not be played' }));
        }}
      >
        {t('PlaySample')}
      </Button>
    </div>
  );
}

/** Every user preference with its unit, grouped like the old console; each change is saved at once. */
export function SettingsScreen() {
  const { t, locale } = useT();
  const prefs = useAtomValue(prefsAtom);
  const config = useAtomValue(configAtom);
  const [confirmReset, setConfirmReset] = useState(false);

  const dates = effectiveDates(prefs, config);
  const font = effectiveFont(prefs, config);
  const timeouts = effectiveTimeouts(prefs, config);
  const unitOptions = (options: readonly UnitOption[], current: number | null, zeroKey?: 'NeverExpires') =>
    withCurrent(options, current).map((value) => {
      const { key, count } = unitLabel(value, options[0]?.unit ?? 'seconds');
      return { value: String(value), label: value === 0 && zeroKey ? t(zeroKey) : t(key, { count }) };
    });
  const formatOptions = (formats: readonly string[], current: string) =>
    (formats.includes(current) ? formats : [current, ...formats]).map((f) => ({
      value: f,
      label: `${formatDate(SAMPLE_TIME, f, { timezone: prefs.timezone, locale })}  (${f})`,
    }));

  return (
    <div className="mx-auto max-w-5xl p-4 sm:p-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('Settings')}</h1>
        <Button icon="undo" onClick={() => setConfirmReset(true)}>
          {t('ResetToDefaults')}
        </Button>
      </div>
      <div className="gap-4 lg:columns-2 [&>section]:mb-4 [&>section]:break-inside-avoid">
        <Section title={t('ApplicationSettings')}>
          <Toggle
            label={t('DarkTheme')}
            checked={prefs.isDark}
            onChange={(isDark) => {
              rememberThemeChoice(true);
              void savePrefs({ isDark });
            }}
          />
          <SelectField
            label={t('DisplayDensity')}
            value={effectiveDensity(prefs)}
            options={[
              { value: 'comfortable', label: t('Comfortable') },
              { value: 'compact', label: t('Compact') },
            ]}
            onChange={(v) => void savePrefs({ displayDensity: v === 'compact' ? 'compact' : 'comfortable' })}
          />
          <RadioGroup
            legend={t('RowStyle')}
            value={prefs.rowStyle}
            options={[
              { value: 'filled', label: t('RowStyleFilled') },
              { value: 'quiet', label: t('RowStyleQuiet') },
            ]}
            onChange={(rowStyle) => void savePrefs({ rowStyle })}
          />
          <SelectField
            label={t('Font')}
            value={font['font-family']}
            options={(FONT_FAMILIES.includes(font['font-family']) ? FONT_FAMILIES : [font['font-family'], ...FONT_FAMILIES]).map((f) => ({ value: f, label: f.replace(/"/g, '') }))}
            onChange={(v) => void savePrefs({ font: { ...prefs.font, 'font-family': v } })}
          />
          <SelectField
            label={t('FontSize')}
            value={font['font-size']}
            options={(FONT_SIZES.includes(font['font-size']) ? FONT_SIZES : [font['font-size'], ...FONT_SIZES]).map((s) => ({ value: s, label: s }))}
            onChange={(v) => void savePrefs({ font: { ...prefs.font, 'font-size': v } })}
          />
          <SelectField
            label={t('FontWeight')}
            value={String(font['font-weight'])}
            options={(FONT_WEIGHTS.includes(String(font['font-weight'])) ? FONT_WEIGHTS : [String(font['font-weight']), ...FONT_WEIGHTS]).map((w) => ({
              value: w,
              label: WEIGHT_NAMES[w] ? `${w} – ${t(WEIGHT_NAMES[w])}` : w,
            }))}
            onChange={(v) => void savePrefs({ font: { ...prefs.font, 'font-weight': Number(v) || v } })}
          />
          <Toggle label={t('PlaySounds')} checked={!prefs.isMute} onChange={(on) => void savePrefs({ isMute: !on })} />
          <AudioField key={prefs.audioURL} />
        </Section>

        <Section title={t('LanguageSettings')}>
          <SelectField
            label={t('Languages')}
            value={prefs.languagePref ?? ''}
            options={[
              { value: '', label: t('BrowserLanguage') },
              ...LANGUAGES.map((l) => ({ value: l, label: LOCALE_NAMES[l] })),
            ]}
            onChange={(v) => void savePrefs({ languagePref: v || null })}
          />
        </Section>

        <Section title={t('DateTimeSettings')}>
          <SelectField
            label={t('LongDate')}
            value={dates.longDate}
            options={formatOptions(LONG_DATE_FORMATS, dates.longDate)}
            onChange={(v) => void savePrefs({ dates: { ...prefs.dates, longDate: v } })}
          />
          <SelectField
            label={t('MediumDate')}
            value={dates.mediumDate}
            options={formatOptions(MEDIUM_DATE_FORMATS, dates.mediumDate)}
            onChange={(v) => void savePrefs({ dates: { ...prefs.dates, mediumDate: v } })}
          />
          <SelectField
            label={t('ShortTime')}
            value={dates.shortTime}
            options={formatOptions(SHORT_TIME_FORMATS, dates.shortTime)}
            onChange={(v) => void savePrefs({ dates: { ...prefs.dates, shortTime: v } })}
          />
          <RadioGroup
            legend={t('DisplayMode')}
            value={prefs.timezone}
            options={[
              { value: 'local', label: t('UseLocal') },
              { value: 'utc', label: t('UseUTC') },
            ]}
            onChange={(timezone) => void savePrefs({ timezone })}
          />
        </Section>

        <Section title={t('AlertSettings')}>
          <Toggle label={t('ShowAllowedEnvs')} checked={prefs.showAllowedEnvs} onChange={(v) => void savePrefs({ showAllowedEnvs: v })} />
          <Toggle label={t('ShowNotesIcon')} hint={t('ShowNotesHint')} checked={prefs.showNotesIcon} onChange={(v) => void savePrefs({ showNotesIcon: v })} />
          <SelectField
            label={t('PageRows')}
            value={String(prefs.rowsPerPage)}
            options={unitOptions(ROWS_PER_PAGE_OPTIONS, prefs.rowsPerPage)}
            onChange={(v) => void savePrefs({ rowsPerPage: Number(v) })}
          />
          <SelectField
            label={t('ValueWidth')}
            value={String(prefs.valueWidth)}
            options={unitOptions(VALUE_WIDTH_OPTIONS, prefs.valueWidth)}
            onChange={(v) => void savePrefs({ valueWidth: Number(v) })}
          />
          <SelectField
            label={t('RefreshInterval')}
            value={String(effectiveRefreshInterval(prefs, config))}
            options={unitOptions(REFRESH_INTERVAL_OPTIONS, effectiveRefreshInterval(prefs, config))}
            onChange={(v) => void savePrefs({ refreshInterval: Number(v) })}
          />
          <SelectField
            label={t('AckTimeout')}
            value={timeouts.ack === null ? '' : String(timeouts.ack)}
            options={[
              ...(timeouts.ack === null ? [{ value: '', label: t('ServerDefault') }] : []),
              ...unitOptions(ACK_TIMEOUT_OPTIONS, timeouts.ack, 'NeverExpires'),
            ]}
            onChange={(v) => v !== '' && void savePrefs({ ackTimeout: Number(v) })}
          />
          <SelectField
            label={t('ShelveTimeout')}
            value={timeouts.shelve === null ? '' : String(timeouts.shelve)}
            options={[
              ...(timeouts.shelve === null ? [{ value: '', label: t('ServerDefault') }] : []),
              ...unitOptions(SHELVE_TIMEOUT_OPTIONS, timeouts.shelve),
            ]}
            onChange={(v) => v !== '' && void savePrefs({ shelveTimeout: Number(v) })}
          />
        </Section>

        <Section title={t('BlackoutSettings')}>
          <Toggle label={t('BlackoutStartNow')} checked={prefs.blackoutStartNow} onChange={(v) => void savePrefs({ blackoutStartNow: v })} />
          <SelectField
            label={t('BlackoutPeriod')}
            value={String(effectiveBlackoutPeriod(prefs, config))}
            options={unitOptions(BLACKOUT_PERIOD_OPTIONS, effectiveBlackoutPeriod(prefs, config))}
            onChange={(v) => void savePrefs({ blackoutPeriod: Number(v) })}
          />
        </Section>

        <Section title={t('Notifications')}>
          <NotificationSettings />
        </Section>
      </div>

      <ConfirmDialog
        open={confirmReset}
        title={t('ResetToDefaults')}
        message={t('ResetSettingsConfirm')}
        confirmLabel={t('Reset')}
        danger={false}
        onCancel={() => setConfirmReset(false)}
        onConfirm={() => {
          setConfirmReset(false);
          void resetPrefs();
        }}
      />
    </div>
  );
}
