/**
 * Where the publish renderer (publish-renderer.ts) puts the posts of a publish, for the pages it
 * renders again to show in place of those the build read (blog.ts): a symbol of the process, as
 * the renderer and the pages' bundle each have their own copy of the modules.
 */
export const postsOfAPublish = Symbol.for('cfp.site.postsOfAPublish');
