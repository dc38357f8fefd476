// The recording with a step timeline under it: a marker per step (click: seek), a playhead,
// and the active step reported to the step list so it follows playback.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Resolution, Step } from '../../task/types.ts';
import { useFileUrl } from '../state/useFileUrl.ts';
import { activeStep, stepTimes } from './timeline.ts';
import { clock } from '../format.ts';

export function VideoTimeline({
  sourceId,
  videoPath,
  loading,
  steps,
  resolution,
  seekTo,
  onActive,
}: {
  sourceId: string;
  videoPath: string | null;
  loading: boolean;
  steps: Step[];
  resolution: Resolution;
  seekTo: { step: number; n: number } | null;
  onActive: (k: number) => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const { url, error } = useFileUrl(sourceId, videoPath);
  const [duration, setDuration] = useState(0);
  const [now, setNow] = useState(0);
  const [videoError, setVideoError] = useState<string | null>(null);
  const times = useMemo(() => stepTimes(steps, duration), [steps, duration]);
  const active = activeStep(times, now, duration);

  useEffect(() => onActive(active), [active, onActive]);
  useEffect(() => {
    const v = video.current;
    const t = seekTo ? times.at[seekTo.step] : undefined;
    if (v && t !== undefined && Number.isFinite(t)) v.currentTime = t;
    // Only a new request seeks; a duration change must not jump the playhead.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [seekTo]);

  const seek = (t: number) => {
    const v = video.current;
    if (v) v.currentTime = Math.max(0, Math.min(duration || 0, t));
  };

  return (
    <div className="video-box">
      <div className="video-frame" style={{ aspectRatio: `${resolution.width} / ${resolution.height}` }}>
        {url ? (
          <video
            ref={video}
            src={url}
            controls
            preload="metadata"
            aria-label="Recording of the task being performed"
            onLoadedMetadata={(e) => setDuration(e.currentTarget.duration)}
            onDurationChange={(e) => setDuration(e.currentTarget.duration)}
            onTimeUpdate={(e) => setNow(e.currentTarget.currentTime)}
            onSeeked={(e) => setNow(e.currentTarget.currentTime)}
            onError={() =>
              setVideoError('This browser cannot play the recording (codec or file problem). The steps below still show what happens.')
            }
          />
        ) : (
          <div className="video-missing">
            {error
              ? `The recording could not be read: ${error}`
              : loading || url === undefined
                ? 'Loading the recording…'
                : 'This task has no recording (video.mp4 or video.webm).'}
          </div>
        )}
      </div>
      {videoError ? <p className="note note-warn">{videoError}</p> : null}
      <div className="timeline" aria-label="Step timeline">
        <div
          className="timeline-track"
          onClick={(e) => {
            const r = e.currentTarget.getBoundingClientRect();
            seek(((e.clientX - r.left) / r.width) * duration);
          }}
        >
          <div className="timeline-played" style={{ transform: `scaleX(${duration ? now / duration : 0})` }} />
          {times.at.map((t, k) => (
            <button
              key={k}
              type="button"
              className={`timeline-mark mark-${(steps[k]?.type ?? '').toLowerCase()}${k === active ? ' mark-on' : ''}${steps[k]?.visual_evaluation_flag ? ' mark-flag' : ''}`}
              style={{ left: `${duration ? (t / duration) * 100 : ((k + 0.5) / steps.length) * 100}%` }}
              onClick={(e) => {
                e.stopPropagation();
                seek(t);
              }}
              disabled={!duration}
              aria-label={`Step ${k + 1}: ${steps[k]?.type} at ${clock(t)}`}
              title={`${k + 1}. ${steps[k]?.type}: ${steps[k]?.parameters?.description ?? ''}`}
            >
              {k + 1}
            </button>
          ))}
        </div>
        <div className="timeline-legend">
          <span>
            {clock(now)} / {clock(duration)}
          </span>
          <span className="muted">
            {times.fromData ? 'Step times from the data.' : 'The data has no step times: steps are spread evenly over the recording.'}
          </span>
        </div>
      </div>
    </div>
  );
}
