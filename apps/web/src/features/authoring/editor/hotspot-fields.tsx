import type { HotspotRegion, MediaInfo, QuestionContent } from '@questa/contracts';
import { QUESTION_LIMITS } from '@questa/contracts/rules';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, FieldError } from '../../../components/ui/field';
import { problemMessage } from '../../../components/ui/problem-message';
import { ProgressBar } from '../../../components/ui/progress-bar';
import { toApiError, type ApiError } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import type { UploadProgress } from '../../../lib/upload-with-progress';
import { UPLOAD_LIMITS } from '@questa/contracts/rules';
import { nextId } from '../question-templates';
import type { Issues } from '../validate-question';
import { HotspotCanvas, type DrawnShape, type DrawTool } from './hotspot-canvas';
import { HotspotRegionFields } from './hotspot-region-fields';
import { issueText } from './issue-text';
import { NumberInput } from './number-input';
import { removeAt, replaceAt } from './content-helpers';
import './hotspot-editor.css';

type Hotspot = Extract<QuestionContent, { type: 'hotspot' }>;

/** An image's size when the server could not read it (some SVGs): what the browser shows. */
function measure(url: string): Promise<{ width: number; height: number }> {
  return new Promise((resolve) => {
    const img = new Image();
    img.onload = () =>
      resolve({ width: img.naturalWidth || 1000, height: img.naturalHeight || 1000 });
    img.onerror = () => resolve({ width: 1000, height: 1000 });
    img.src = url;
  });
}

/**
 * The image of a hotspot question, its regions and how many markers a learner places. Regions
 * are drawn on the image or added with buttons and set with number fields (percent of the image),
 * so a keyboard is enough.
 */
export function HotspotFields({
  content,
  onChange,
  issues,
  onUpload,
}: {
  content: Hotspot;
  onChange: (content: Hotspot) => void;
  issues: Issues;
  onUpload: (file: File, onProgress: (progress: UploadProgress) => void) => Promise<MediaInfo>;
}) {
  const t = useT();
  const group = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [tool, setTool] = useState<DrawTool>('rect');
  const [selected, setSelected] = useState<string>();
  const [progress, setProgress] = useState<UploadProgress>();
  const [uploadError, setUploadError] = useState<ApiError>();
  const { image, regions } = content;
  const hasImage = image.sha256 !== '';
  const setRegions = (next: HotspotRegion[]) => onChange({ ...content, regions: next });

  const add = (shape: DrawnShape) => {
    const id = nextId(
      regions.map((r) => r.id),
      'r',
    );
    // The first region is the right one until the author says otherwise.
    const region = { ...shape, id, label: '', correct: regions.length === 0 } as HotspotRegion;
    setRegions([...regions, region]);
    setSelected(id);
  };

  const upload = async (file: File) => {
    setUploadError(undefined);
    setProgress({ loaded: 0, total: file.size });
    try {
      const media = await onUpload(file, setProgress);
      const size =
        media.width && media.height
          ? { width: media.width, height: media.height }
          : await measure(URL.createObjectURL(file));
      const max = QUESTION_LIMITS.imagePixelsMax;
      onChange({
        ...content,
        image: {
          ...image,
          sha256: media.sha256,
          width: Math.min(size.width, max),
          height: Math.min(size.height, max),
        },
      });
    } catch (caught) {
      setUploadError(toApiError(caught));
    } finally {
      setProgress(undefined);
    }
  };

  const regionsError = issueText(t, issues.regions);
  const tools: [DrawTool, string][] = [
    ['rect', t('editor.hotspot.rect')],
    ['circle', t('editor.hotspot.circle')],
    ['polygon', t('editor.hotspot.polygon')],
  ];

  return (
    <fieldset
      className="fieldset hotspot-editor"
      aria-describedby={regionsError ? `${group}-error` : undefined}
    >
      <legend>{t('editor.hotspot.legend')}</legend>
      <div className="hotspot-field__tools">
        <Button
          variant="secondary"
          className="button--small"
          disabled={progress !== undefined}
          onClick={() => fileInput.current?.click()}
        >
          {hasImage ? t('editor.hotspot.replaceImage') : t('editor.hotspot.chooseImage')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={UPLOAD_LIMITS.contentTypes.join(',')}
          hidden
          aria-label={t('editor.hotspot.chooseImage')}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void upload(file);
          }}
        />
        {progress && (
          <div className="markdown-field__progress" role="status">
            <span>{t('editor.uploading')}</span>
            <ProgressBar
              label={t('editor.uploading')}
              value={progress.loaded}
              max={progress.total}
            />
          </div>
        )}
      </div>
      <FieldError message={issueText(t, issues.image)} />
      {uploadError && (
        <p className="field__error" role="alert">
          {t('editor.uploadFailed')} {problemMessage(t, uploadError)}
        </p>
      )}
      <Field
        label={t('editor.hotspot.alt')}
        hint={t('editor.hotspot.altHint')}
        error={issueText(t, issues['image.alt'])}
      >
        {(control) => (
          <input
            {...control}
            className="input"
            value={image.alt}
            maxLength={QUESTION_LIMITS.textMax}
            onChange={(event) =>
              onChange({ ...content, image: { ...image, alt: event.target.value } })
            }
          />
        )}
      </Field>
      <Field
        label={t('editor.hotspot.markers')}
        hint={t('editor.hotspot.markersHint')}
        error={issueText(t, issues.markers)}
      >
        {(control) => (
          <NumberInput
            {...control}
            value={content.markers}
            onValueChange={(markers) => onChange({ ...content, markers })}
          />
        )}
      </Field>
      {hasImage && (
        <>
          <div
            className="hotspot-editor__tools"
            role="radiogroup"
            aria-label={t('editor.hotspot.tool')}
          >
            {tools.map(([value, label]) => (
              <label key={value} className="check">
                <input
                  type="radio"
                  name={`${group}-tool`}
                  checked={tool === value}
                  onChange={() => setTool(value)}
                />
                <span>{label}</span>
              </label>
            ))}
          </div>
          <p className="field__hint">
            {tool === 'polygon' ? t('editor.hotspot.drawPolygon') : t('editor.hotspot.drawDrag')}
          </p>
          <HotspotCanvas
            image={image}
            regions={regions}
            selected={selected}
            tool={tool}
            onDraw={add}
            onSelect={(id) => {
              setSelected(id);
              document
                .getElementById(`${group}-region-${id}`)
                ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
            }}
          />
        </>
      )}
      <FieldError id={`${group}-error`} message={regionsError} />
      <ol className="hotspot-editor__regions">
        {regions.map((region, index) => (
          <li key={region.id} id={`${group}-region-${region.id}`}>
            <HotspotRegionFields
              region={region}
              index={index}
              issue={issueText(t, issues[`regions.${index}`])}
              selected={region.id === selected}
              onFocus={() => setSelected(region.id)}
              onChange={(next) => setRegions(replaceAt(regions, index, next))}
              onRemove={() => setRegions(removeAt(regions, index))}
            />
          </li>
        ))}
      </ol>
      <div className="hotspot-field__tools">
        <Button
          variant="secondary"
          className="button--small"
          disabled={regions.length >= QUESTION_LIMITS.hotspotRegionsMax}
          onClick={() => add({ shape: 'rect', x: 0.4, y: 0.4, width: 0.2, height: 0.2 })}
        >
          {t('editor.hotspot.addRect')}
        </Button>
        <Button
          variant="secondary"
          className="button--small"
          disabled={regions.length >= QUESTION_LIMITS.hotspotRegionsMax}
          onClick={() => add({ shape: 'circle', x: 0.5, y: 0.5, radius: 0.1 })}
        >
          {t('editor.hotspot.addCircle')}
        </Button>
      </div>
    </fieldset>
  );
}
