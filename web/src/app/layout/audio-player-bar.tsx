import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ButtonDropdown from '@cloudscape-design/components/button-dropdown';
import Slider from '@cloudscape-design/components/slider';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useEffect, useRef, useState } from 'react';
import { Waveform } from '../../components/waveform';
import { playerDispatch, usePlayer } from '../player';
import { canGoNext, canGoPrevious, playerVisible } from '../player-rules';

/**
 * The persistent audio player: a bar at the bottom of every page while its queue
 * has tracks, with previous / play / next, the waveform, volume 0–100, the queue (remove a track)
 * and Clear playlist.
 */
export function AudioPlayerBar() {
  const player = usePlayer();
  const audio = useRef<HTMLAudioElement>(null);
  const [progress, setProgress] = useState(0);
  const track = player.position === null ? null : player.queue[player.position];

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    if (!track) {
      element.pause();
      element.removeAttribute('src');
      element.load();
      setProgress(0);
      return;
    }
    if (element.dataset.trackId !== track.id) {
      element.dataset.trackId = track.id;
      element.src = track.mp3_url;
      setProgress(0);
    }
    if (player.playing) void element.play().catch(() => playerDispatch({ type: 'pause' }));
    else element.pause();
  }, [track, player.playing]);

  useEffect(() => {
    if (audio.current) audio.current.volume = player.volume / 100;
  }, [player.volume]);

  const visible = playerVisible(player);
  // Pages leave room at their foot for the bar while it shows.
  useEffect(() => {
    document.body.classList.toggle('with-player', visible);
  }, [visible]);
  return (
    <div
      className={`audio-player-bar${visible ? '' : ' audio-player-bar--hidden'}`}
      data-testid="audio-player"
      hidden={!visible}
    >
      {/* biome-ignore lint/a11y/useMediaCaption: the player previews music recordings, which have no captions to offer. */}
      <audio
        ref={audio}
        data-testid="audio-player-element"
        onEnded={() => playerDispatch({ type: 'ended' })}
        onTimeUpdate={(event) =>
          setProgress(event.currentTarget.duration ? event.currentTarget.currentTime / event.currentTarget.duration : 0)
        }
      />
      {visible ? (
        <div className="audio-player-bar__inner">
          <SpaceBetween direction="horizontal" size="xs" alignItems="center">
            {canGoPrevious(player) ? (
              <Button
                variant="icon"
                iconName="angle-left-double"
                ariaLabel="Previous track"
                onClick={() => playerDispatch({ type: 'previous' })}
                data-testid="player-previous"
              />
            ) : null}
            <Button
              variant="icon"
              iconName={player.playing ? 'pause' : 'play'}
              ariaLabel={player.playing ? 'Pause' : 'Play'}
              disabled={!track}
              onClick={() => playerDispatch({ type: player.playing ? 'pause' : 'resume' })}
              data-testid="player-toggle"
            />
            {canGoNext(player) ? (
              <Button
                variant="icon"
                iconName="angle-right-double"
                ariaLabel="Next track"
                onClick={() => playerDispatch({ type: 'next' })}
                data-testid="player-next"
              />
            ) : null}
          </SpaceBetween>
          <div className="audio-player-bar__track" data-testid="player-track">
            <Box fontWeight="bold">{track ? track.title : 'Nothing playing'}</Box>
            {track?.mix_title ? <Box color="text-body-secondary">{track.mix_title}</Box> : null}
          </div>
          <div className="audio-player-bar__wave">
            <Waveform peaksUrl={track?.peaks_url} progress={progress} testId="player-waveform" />
          </div>
          <div className="audio-player-bar__volume">
            <Slider
              value={player.volume}
              min={0}
              max={100}
              step={1}
              onChange={({ detail }) => playerDispatch({ type: 'volume', value: detail.value })}
              ariaLabel="Volume"
            />
          </div>
          <ButtonDropdown
            data-testid="player-queue"
            items={[
              ...player.queue.map((t, i) => ({
                id: `play:${t.id}`,
                text: `${i + 1}. ${t.title}${t.mix_title ? ` (${t.mix_title})` : ''}`,
              })),
              {
                id: 'remove',
                text: 'Remove',
                items: player.queue.map((t) => ({ id: `remove:${t.id}`, text: t.title })),
              },
              { id: 'clear', text: 'Clear playlist' },
            ]}
            onItemClick={({ detail }) => {
              const [action, id] = detail.id.split(':');
              if (action === 'play')
                playerDispatch({ type: 'play', index: player.queue.findIndex((t) => t.id === id) });
              if (action === 'remove') playerDispatch({ type: 'remove', id });
              if (action === 'clear') playerDispatch({ type: 'clear' });
            }}
          >
            {`Queue (${player.queue.length})`}
          </ButtonDropdown>
        </div>
      ) : null}
    </div>
  );
}
