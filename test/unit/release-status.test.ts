import { describe, expect, it } from 'vitest';
import { RELEASE_STATUS_IN_SENTENCE, RELEASE_STATUSES } from '../../shared/catalogue.js';
import { statusColour } from '../../shared/status-colours.js';
import {
  DELIVERABLE_STATUSES,
  isDeliverable,
  RELEASE_MOVES,
  releaseMove,
  type StatusActor,
} from '../../functions/catalogue/release-status.js';
import { qualityControlActions } from '../../web/src/pages/catalogue/release-quality-control-model.js';

/** The moves of a release's status and who may make them. */
const ACTORS: StatusActor[] = ['label', 'admin', 'system'];
const allowed = (from: string, to: string, actor: StatusActor) => 'move' in releaseMove(from, to, actor);

describe('release status moves', () => {
  it('let a label send drafted, rejected and imported releases to quality control, checked', () => {
    for (const from of ['drafted', 'rejected', 'imported']) {
      const rule = releaseMove(from, 'quality_control', 'label');
      expect(rule).toMatchObject({ move: { checked: true } });
    }
    expect(allowed('accepted', 'quality_control', 'label')).toBe(false);
    expect(allowed('live', 'quality_control', 'admin')).toBe(false);
  });

  it('let a label take a release back to drafted from quality control, a rejection or an import (a draft can be deleted)', () => {
    for (const from of ['quality_control', 'rejected', 'imported'])
      for (const actor of ['label', 'admin'] as const) expect(allowed(from, 'drafted', actor), from).toBe(true);
    expect(qualityControlActions('imported', false).map((a) => a.label)).toEqual([
      'Send to quality control',
      'Back to drafted',
    ]);
    for (const from of ['accepted', 'delivered', 'live']) expect(allowed(from, 'drafted', 'label'), from).toBe(false);
  });

  it('keep approval and rejection to admins, a rejection with reasons', () => {
    expect(releaseMove('quality_control', 'accepted', 'label')).toEqual({
      refusal: { kind: 'forbidden', message: 'Only an admin can approve or reject a release' },
    });
    expect(releaseMove('quality_control', 'rejected', 'label')).toMatchObject({ refusal: { kind: 'forbidden' } });
    expect(releaseMove('quality_control', 'accepted', 'admin')).toMatchObject({ move: { to: 'accepted' } });
    expect(releaseMove('quality_control', 'rejected', 'admin')).toMatchObject({ move: { reasonsRequired: true } });
    expect(releaseMove('accepted', 'rejected', 'admin')).toMatchObject({ move: { reasonsRequired: true } });
  });

  it('approve only what is in quality control', () => {
    for (const from of RELEASE_STATUSES.filter((s) => s !== 'quality_control' && s !== 'accepted')) {
      expect(releaseMove(from, 'accepted', 'admin')).toEqual({
        refusal: { kind: 'invalid', message: `A release cannot move from ${from} to accepted` },
      });
    }
  });

  it('never let anyone but the delivery mark a release delivered, and nobody skip quality control', () => {
    for (const actor of ['label', 'admin'] as const) {
      for (const from of RELEASE_STATUSES) expect(allowed(from, 'delivered', actor)).toBe(false);
    }
    expect(allowed('accepted', 'delivered', 'system')).toBe(true);
    for (const actor of ACTORS) {
      expect(allowed('drafted', 'accepted', actor)).toBe(false);
      expect(allowed('drafted', 'delivered', actor)).toBe(false);
      expect(allowed('rejected', 'accepted', actor)).toBe(false);
    }
  });

  it('refuse staying put with its own words', () => {
    expect(releaseMove('drafted', 'drafted', 'label')).toEqual({
      refusal: { kind: 'invalid', message: 'The release is already drafted' },
    });
  });

  it('reach a deliverable status only through an admin approval', () => {
    // Every path from drafted to a deliverable status passes quality_control → accepted by an admin.
    const reachable = new Set<string>(['drafted']);
    let grew = true;
    while (grew) {
      grew = false;
      for (const move of RELEASE_MOVES) {
        if (move.to === 'accepted') continue;
        if (move.from.some((f) => reachable.has(f)) && !reachable.has(move.to)) {
          reachable.add(move.to);
          grew = true;
        }
      }
    }
    for (const status of DELIVERABLE_STATUSES) expect(reachable.has(status)).toBe(false);
    expect(RELEASE_MOVES.filter((m) => m.to === 'accepted')).toEqual([
      { from: ['quality_control'], to: 'accepted', by: ['admin'] },
    ]);
  });

  it('name only real statuses and show each in its own colour', () => {
    for (const move of RELEASE_MOVES) {
      for (const s of [...move.from, move.to]) expect(RELEASE_STATUSES).toContain(s);
    }
    expect(statusColour('quality_control')).toBe('warning');
    expect(statusColour('accepted')).toBe('info');
    expect(statusColour('rejected')).toBe('danger');
    expect(statusColour('drafted')).toBe('black');
    expect(isDeliverable('accepted')).toBe(true);
    expect(isDeliverable('quality_control')).toBe(false);
    expect(isDeliverable('rejected')).toBe(false);
    expect(isDeliverable(undefined)).toBe(false);
  });

  it('back the release page’s buttons: each is a move the server allows to whoever sees it', () => {
    for (const status of ['drafted', 'rejected', 'imported', 'quality_control', 'accepted', 'delivered']) {
      for (const admin of [false, true]) {
        for (const to of qualityControlActions(status, admin).map((a) => a.to)) {
          const move = RELEASE_MOVES.find((m) => m.to === to && (m.from as readonly string[]).includes(status));
          expect(move?.by).toContain(admin ? 'admin' : 'label');
        }
      }
    }
  });

  it('offer exactly the moves update_status allows the caller, none more, none fewer', () => {
    const statuses = ['drafted', 'rejected', 'imported', 'quality_control', 'accepted', 'delivered', 'live'];
    for (const status of statuses) {
      for (const [admin, actor] of [
        [false, 'label'],
        [true, 'admin'],
      ] as const) {
        const offered = qualityControlActions(status, admin)
          .map((a) => a.to)
          .sort();
        const allowedTo = [...new Set(RELEASE_MOVES.map((m) => m.to))]
          .filter((to) => allowed(status, to, actor))
          .sort();
        expect(offered, `${status} as ${actor}`).toEqual(allowedTo);
      }
    }
    // An admin may reject an accepted release and mark a delivered one live; a label may do neither.
    expect(qualityControlActions('accepted', true).map((a) => a.label)).toEqual(['Reject']);
    expect(qualityControlActions('delivered', true).map((a) => a.label)).toEqual(['Mark live']);
    expect(qualityControlActions('accepted', false)).toEqual([]);
  });
});

describe('a release status in a sentence', () => {
  it('is said in words for every status, never as the stored value', () => {
    for (const status of RELEASE_STATUSES) expect(RELEASE_STATUS_IN_SENTENCE[status]).toMatch(/^[a-z]+( [a-z]+)*$/);
    expect(RELEASE_STATUS_IN_SENTENCE.quality_control).toBe('in quality control');
  });
});
