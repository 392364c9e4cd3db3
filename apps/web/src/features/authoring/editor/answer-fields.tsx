import type { MediaInfo, QuestionContent } from '@questa/contracts';
import type { UploadProgress } from '../../../lib/upload-with-progress';
import type { Issues } from '../validate-question';
import { ChoiceFields } from './choice-fields';
import { CalculatedFields } from './calculated-fields';
import { ClozeFields } from './cloze-fields';
import { HotspotFields } from './hotspot-fields';
import { EssayFields } from './essay-fields';
import { MatchingFields } from './matching-fields';
import { NumericFields } from './numeric-fields';
import { OrderingFields } from './ordering-fields';
import { ShortTextFields } from './short-text-fields';
import { TrueFalseFields } from './true-false-fields';

/** The fields that hold a question's answer, which differ by type. */
export function AnswerFields({
  content,
  onChange,
  issues,
  insertIntoStem,
  onUpload,
}: {
  content: QuestionContent;
  onChange: (content: QuestionContent) => void;
  issues: Issues;
  insertIntoStem: (text: string) => string;
  onUpload: (file: File, onProgress: (progress: UploadProgress) => void) => Promise<MediaInfo>;
}) {
  switch (content.type) {
    case 'single_choice':
    case 'multiple_response':
      return <ChoiceFields content={content} onChange={onChange} issues={issues} />;
    case 'true_false':
      return <TrueFalseFields content={content} onChange={onChange} />;
    case 'short_text':
      return <ShortTextFields content={content} onChange={onChange} issues={issues} />;
    case 'numeric':
      return <NumericFields content={content} onChange={onChange} issues={issues} />;
    case 'ordering':
      return <OrderingFields content={content} onChange={onChange} issues={issues} />;
    case 'matching':
      return <MatchingFields content={content} onChange={onChange} issues={issues} />;
    case 'cloze':
      return (
        <ClozeFields
          content={content}
          onChange={onChange}
          issues={issues}
          insertIntoStem={insertIntoStem}
        />
      );
    case 'hotspot':
      return (
        <HotspotFields content={content} onChange={onChange} issues={issues} onUpload={onUpload} />
      );
    case 'calculated':
      return <CalculatedFields content={content} onChange={onChange} issues={issues} />;
    case 'essay':
      return <EssayFields content={content} onChange={onChange} issues={issues} />;
  }
}
