import { expect } from '@open-wc/testing';
import { ChatClient } from './chat.js';

describe('ChatClient image URLs', () => {
  // An endpoint given as a same-origin path (a proxy): images must still come out absolute, since
  // the list only shows http(s) images it can check.
  const proxied = new ChatClient({ endpoint: '/chat', widgetKey: 'k 1', visitorId: 'v' });
  const direct = new ChatClient({ endpoint: 'https://chat.example.com/base/', widgetKey: 'k', visitorId: 'v' });

  it('attachment thumbnails are absolute on the page origin behind a proxy path', () => {
    expect(proxied.imageUrl('u-1')).to.equal(`${location.origin}/chat/public/api/attachments/image?uuid=u-1`);
    expect(direct.imageUrl('u-1')).to.equal('https://chat.example.com/base/public/api/attachments/image?uuid=u-1');
  });

  it('the bot avatar: the public path by default, a configured service path, or a configured URL as is', () => {
    expect(proxied.botAvatarUrl()).to.equal(`${location.origin}/chat/public/api/bot/avatar?widgetKey=k+1`);
    expect(direct.botAvatarUrl('/public/api/bot/avatar')).to.equal('https://chat.example.com/base/public/api/bot/avatar?widgetKey=k');
    expect(direct.botAvatarUrl('https://cdn.example.com/bot.png')).to.equal('https://cdn.example.com/bot.png');
    // Anything else (a data: or javascript: value) is not taken: the public avatar is used.
    expect(direct.botAvatarUrl('javascript:alert(1)')).to.equal('https://chat.example.com/base/public/api/bot/avatar?widgetKey=k');
  });

  it("an operator's avatar named by a service path resolves against the service; a URL stays", () => {
    expect(direct.serviceImageUrl('/avatars/9.png')).to.equal('https://chat.example.com/base/avatars/9.png');
    expect(direct.serviceImageUrl('https://img.example.com/9.png')).to.equal('https://img.example.com/9.png');
    expect(proxied.serviceImageUrl('/avatars/9.png')).to.equal(`${location.origin}/chat/avatars/9.png`);
  });
});
