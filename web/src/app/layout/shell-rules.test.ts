import { describe, expect, it } from 'vitest';
import { shellParts } from './shell-rules';

describe('shellParts', () => {
  it('hides the header and side menu on ArtistHome', () => {
    expect(shellParts('ArtistHome', '/artists/a1')).toEqual({ header: false, sideMenu: false });
    expect(shellParts('ArtistHomeStatements', '/artists/a1/statements')).toEqual({ header: false, sideMenu: false });
  });

  it("hides the header and side menu on a payee's token page (PayeeHome)", () => {
    expect(shellParts('PayeeHome', '/payees/p1')).toEqual({ header: false, sideMenu: false });
    expect(shellParts(undefined, '/payees/p1')).toEqual({ header: false, sideMenu: false });
    expect(shellParts('UserPayee', '/user/payees/p1')).toEqual({ header: true, sideMenu: true });
  });

  it('hides only the side menu on ViewPromo and guides', () => {
    expect(shellParts('ViewPromo', '/promo/p/t')).toEqual({ header: true, sideMenu: false });
    expect(shellParts('Guides', '/guides')).toEqual({ header: true, sideMenu: false });
    expect(shellParts('GuidesMetadataContributors', '/guides/metadata/contributors')).toEqual({
      header: true,
      sideMenu: false,
    });
    expect(shellParts(undefined, '/guides/unknown')).toEqual({ header: true, sideMenu: false });
  });
  it('shows both elsewhere', () => {
    expect(shellParts('UserLabels', '/user/labels')).toEqual({ header: true, sideMenu: true });
    expect(shellParts('ArtistUserDashboard', '/artist_dashboard')).toEqual({ header: true, sideMenu: true });
  });
});
