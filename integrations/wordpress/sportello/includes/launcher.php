<?php
/**
 * The live chat's launcher (the floating bubble) where the settings say: on every page, on the
 * listed pages, or nowhere. A page that already shows a live chat from a shortcode or block keeps
 * just that one.
 *
 * @package Sportello
 */

defined( 'ABSPATH' ) || exit;

/** Whether the launcher belongs on the page being shown. */
function sportello_launcher_here() {
	$s = sportello_settings();
	if ( 'all' === $s['launcher'] ) {
		return true;
	}
	if ( 'pages' !== $s['launcher'] || ! is_singular() ) {
		return false;
	}
	$wanted = array_filter( array_map( 'trim', explode( ',', $s['launcher_pages'] ) ) );
	$post   = get_queried_object();
	return $post instanceof WP_Post && ( in_array( (string) $post->ID, $wanted, true ) || in_array( $post->post_name, $wanted, true ) );
}

add_action(
	'wp_footer',
	function () {
		if ( is_admin() || ! sportello_launcher_here() ) {
			return;
		}
		$post = get_queried_object();
		if ( $post instanceof WP_Post && ( has_shortcode( $post->post_content, 'sportello_live_chat' ) || has_block( 'sportello/live-chat', $post ) ) ) {
			return;
		}
		// Before wp_print_footer_scripts (priority 20), so the kit enqueued here is still printed.
		echo sportello_live_chat_html( array_merge( array_map( 'strval', sportello_element_options()['live_chat'] ), array( 'mode' => 'launcher' ) ) ); // phpcs:ignore WordPress.Security.EscapeOutput -- sportello_tag() escapes every attribute.
	},
	5
);
